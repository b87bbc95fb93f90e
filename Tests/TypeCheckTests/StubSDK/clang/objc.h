// Stub of the Objective-C runtime surface seen by Swift (ManagedCodegen type-check harness).
// Hand-written from documented API facts; only what generated code touches.
#pragma once

#if defined(__OBJC_BOOL_IS_BOOL) && __OBJC_BOOL_IS_BOOL
typedef bool BOOL;
#else
typedef signed char BOOL;
#endif
#define YES ((BOOL)1)
#define NO ((BOOL)0)

#define NS_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#define NS_DESIGNATED_INITIALIZER __attribute__((objc_designated_initializer))
#define NS_REFINED_FOR_SWIFT __attribute__((swift_private))
#define NS_UNAVAILABLE __attribute__((unavailable))
#define NS_SWIFT_UNAVAILABLE(msg) __attribute__((availability(swift, unavailable, message = msg)))
#define NS_SWIFT_SENDABLE __attribute__((swift_attr("@Sendable")))
#define NS_NOESCAPE __attribute__((noescape))
#define NS_SWIFT_NONISOLATED __attribute__((swift_attr("nonisolated")))
#define NS_SWIFT_DISABLE_ASYNC __attribute__((swift_async(none)))
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define NS_ENUM(_type, _name) enum __attribute__((enum_extensibility(open))) _name : _type _name; \
  enum __attribute__((enum_extensibility(open))) _name : _type
#define NS_OPTIONS(_type, _name) enum __attribute__((flag_enum, enum_extensibility(open))) _name : _type _name; \
  enum __attribute__((flag_enum, enum_extensibility(open))) _name : _type
#define API_AVAILABLE(...)
#define API_DEPRECATED(...)

@class NSString, Protocol;

typedef long NSInteger;
typedef unsigned long NSUInteger;

NS_ASSUME_NONNULL_BEGIN

@protocol NSObject
- (BOOL)isEqual:(nullable id)object;
@property (readonly) NSUInteger hash;
@property (readonly, nullable) Class superclass;
- (Class)class NS_SWIFT_UNAVAILABLE("use 'type(of:)' instead");
- (instancetype)self;
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)isMemberOfClass:(Class)aClass;
- (BOOL)respondsToSelector:(SEL)aSelector;
- (BOOL)conformsToProtocol:(Protocol *)aProtocol;
- (BOOL)isProxy;
@property (readonly, copy) NSString *description;
@optional
@property (readonly, copy) NSString *debugDescription;
@end

__attribute__((objc_root_class))
@interface NSObject <NSObject>
+ (void)initialize;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
+ (instancetype)new;
+ (instancetype)alloc;
- (void)dealloc;
+ (BOOL)instancesRespondToSelector:(SEL)aSelector;
+ (Class)class;
@end

NS_ASSUME_NONNULL_END

// ---- Type names of <objc/runtime.h>, which Apple's ObjectiveC module exports to every file that imports
// Foundation (Objective-C Runtime reference: Method, Ivar, Category, objc_property_t). Generated code never uses
// them; they are here so that a generated class of the same name (an entity `Category`) shows the ambiguity
// it has on a Mac.
typedef struct objc_method *Method;
typedef struct objc_ivar *Ivar;
typedef struct objc_category *Category;
typedef struct objc_property *objc_property_t;
