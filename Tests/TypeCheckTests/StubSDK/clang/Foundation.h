// Stub of the Foundation API seen by Swift (ManagedCodegen type-check harness).
// Hand-written from the selectors, nullability and initializer kinds documented by Apple; a subset covering
// what generated Core Data classes and their generated tests use. Swift names come from the importer's
// omit-needless-words rules plus Foundation.apinotes.
#pragma once
#include "objc.h"

NS_ASSUME_NONNULL_BEGIN

@class NSString, NSArray<ObjectType>, NSDictionary<KeyType, ObjectType>, NSSet<ObjectType>, NSError, NSURL;
@class NSMutableSet<ObjectType>, NSOrderedSet<ObjectType>, NSMutableOrderedSet<ObjectType>, NSIndexSet, NSMutableArray<ObjectType>;

typedef double NSTimeInterval;

typedef NS_ENUM(NSInteger, NSComparisonResult) {
  NSOrderedAscending = -1L,
  NSOrderedSame,
  NSOrderedDescending
};

static const NSInteger NSNotFound = 0x7fffffffffffffffL;

// ---- NSCopying / NSMutableCopying / NSFastEnumeration
@protocol NSCopying
- (id)copyWithZone:(nullable struct _NSZone *)zone;
@end
@protocol NSMutableCopying
- (id)mutableCopyWithZone:(nullable struct _NSZone *)zone;
@end
@protocol NSFastEnumeration
@end

@interface NSObject (NSCopyingSupport)
- (id)copy;
- (id)mutableCopy;
@end

// ---- NSString
@interface NSString : NSObject <NSCopying, NSMutableCopying>
@property (readonly) NSUInteger length;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithString:(NSString *)aString;
- (BOOL)isEqualToString:(NSString *)aString;
- (NSComparisonResult)compare:(NSString *)string;
@end

// ---- NSValue / NSNumber / NSDecimalNumber
@interface NSValue : NSObject <NSCopying>
@end

@interface NSNumber : NSValue
- (instancetype)initWithChar:(char)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithShort:(short)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithInt:(int)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithLongLong:(long long)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithFloat:(float)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithDouble:(double)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithBool:(BOOL)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithInteger:(NSInteger)value NS_DESIGNATED_INITIALIZER;
@property (readonly) char charValue;
@property (readonly) short shortValue;
@property (readonly) int intValue;
@property (readonly) long long longLongValue;
@property (readonly) float floatValue;
@property (readonly) double doubleValue;
@property (readonly) BOOL boolValue;
@property (readonly) NSInteger integerValue;
@property (readonly, copy) NSString *stringValue;
- (NSComparisonResult)compare:(NSNumber *)otherNumber;
- (BOOL)isEqualToNumber:(NSNumber *)number;
@end

@interface NSDecimalNumber : NSNumber
- (instancetype)initWithString:(nullable NSString *)numberValue;
@property (readonly, class, copy) NSDecimalNumber *zero;
@property (readonly, class, copy) NSDecimalNumber *one;
@property (readonly, class, copy) NSDecimalNumber *notANumber;
- (NSDecimalNumber *)decimalNumberByAdding:(NSDecimalNumber *)decimalNumber;
- (NSDecimalNumber *)decimalNumberBySubtracting:(NSDecimalNumber *)decimalNumber;
- (NSDecimalNumber *)decimalNumberByMultiplyingBy:(NSDecimalNumber *)decimalNumber;
- (NSDecimalNumber *)decimalNumberByDividingBy:(NSDecimalNumber *)decimalNumber;
- (NSComparisonResult)compare:(NSNumber *)decimalNumber;
@end

// ---- NSDate / NSData / NSUUID / NSURL
@interface NSDate : NSObject <NSCopying>
@property (readonly) NSTimeInterval timeIntervalSinceReferenceDate;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithTimeIntervalSinceReferenceDate:(NSTimeInterval)ti NS_DESIGNATED_INITIALIZER;
@end

@interface NSData : NSObject <NSCopying, NSMutableCopying>
@property (readonly) NSUInteger length;
@end

@interface NSUUID : NSObject <NSCopying>
- (instancetype)init NS_DESIGNATED_INITIALIZER;
- (nullable instancetype)initWithUUIDString:(NSString *)string;
@property (readonly, copy) NSString *UUIDString;
@end

@interface NSURL : NSObject <NSCopying>
- (nullable instancetype)initWithString:(NSString *)URLString;
- (instancetype)initFileURLWithPath:(NSString *)path;
@property (nullable, readonly, copy) NSString *path;
@property (nullable, readonly, copy) NSString *absoluteString;
@end

// ---- Collections (imported non-generic or bridged through Foundation.apinotes)
@interface NSArray<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (ObjectType)objectAtIndex:(NSUInteger)index;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
@end

@interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (nullable ObjectType)objectForKey:(KeyType)aKey;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
@end

@interface NSSet<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (nullable ObjectType)member:(ObjectType)object;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithArray:(NSArray<ObjectType> *)array;
- (instancetype)initWithSet:(NSSet<ObjectType> *)set;
@property (readonly, copy) NSArray<ObjectType> *allObjects;
@property (nullable, nonatomic, readonly) ObjectType anyObject;
- (BOOL)containsObject:(ObjectType)anObject;
@end

@interface NSMutableSet<ObjectType> : NSSet<ObjectType>
- (void)addObject:(ObjectType)object;
- (void)removeObject:(ObjectType)object;
- (void)removeAllObjects;
- (void)unionSet:(NSSet<ObjectType> *)otherSet;
- (void)minusSet:(NSSet<ObjectType> *)otherSet;
@end

@interface NSOrderedSet<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (ObjectType)objectAtIndex:(NSUInteger)idx;
- (NSUInteger)indexOfObject:(ObjectType)object;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithArray:(NSArray<ObjectType> *)array;
- (instancetype)initWithOrderedSet:(NSOrderedSet<ObjectType> *)set;
- (BOOL)containsObject:(ObjectType)object;
@property (readonly, copy) NSArray<ObjectType> *array;
@property (readonly, copy) NSSet<ObjectType> *set;
@property (nullable, nonatomic, readonly) ObjectType firstObject;
@property (nullable, nonatomic, readonly) ObjectType lastObject;
@end

@interface NSMutableOrderedSet<ObjectType> : NSOrderedSet<ObjectType>
- (void)insertObject:(ObjectType)object atIndex:(NSUInteger)idx;
- (void)removeObjectAtIndex:(NSUInteger)idx;
- (void)replaceObjectAtIndex:(NSUInteger)idx withObject:(ObjectType)object;
- (void)addObject:(ObjectType)object;
- (void)removeObject:(ObjectType)object;
- (void)insertObjects:(NSArray<ObjectType> *)objects atIndexes:(NSIndexSet *)indexes;
- (void)removeObjectsAtIndexes:(NSIndexSet *)indexes;
- (void)removeAllObjects;
@end

// ---- NSMutableOrderedSet: bulk mutations used by generated ordered to-many accessors
// (developer.apple.com/documentation/foundation/nsmutableorderedset/replaceobjects(at:with:), …/union(_:), …/minus(_:))
@interface NSMutableOrderedSet<ObjectType> (OrderedRelationshipAccessors)
- (void)replaceObjectsAtIndexes:(NSIndexSet *)indexes withObjects:(NSArray<ObjectType> *)objects;
- (void)unionOrderedSet:(NSOrderedSet<ObjectType> *)other;
- (void)minusOrderedSet:(NSOrderedSet<ObjectType> *)other;
@end

@interface NSIndexSet : NSObject <NSCopying, NSMutableCopying>
- (instancetype)initWithIndex:(NSUInteger)value;
@property (readonly) NSUInteger count;
@end

// ---- Foundation classes that models name as a Transformable attribute's custom class
// (NSAttributedString: Foundation, a direct NSObject subclass, not an NSString; Apple's "Attributed String
// Programming Guide" and the NSAttributedString reference)
@interface NSAttributedString : NSObject <NSCopying, NSMutableCopying>
- (instancetype)initWithString:(NSString *)str;
@property (readonly, copy) NSString *string;
@property (readonly) NSUInteger length;
@end

// ---- Key-value coding / observing (categories on NSObject)
@interface NSObject (NSKeyValueCoding)
- (nullable id)valueForKey:(NSString *)key;
- (void)setValue:(nullable id)value forKey:(NSString *)key;
- (BOOL)validateValue:(inout id _Nullable * _Nonnull)ioValue forKey:(NSString *)inKey error:(NSError **)outError;
- (NSMutableSet *)mutableSetValueForKey:(NSString *)key;
- (NSMutableOrderedSet *)mutableOrderedSetValueForKey:(NSString *)key;
- (NSMutableArray *)mutableArrayValueForKey:(NSString *)key;
- (nullable id)valueForKeyPath:(NSString *)keyPath;
- (void)setValue:(nullable id)value forKeyPath:(NSString *)keyPath;
@end

typedef NS_ENUM(NSUInteger, NSKeyValueSetMutationKind) {
  NSKeyValueUnionSetMutation = 1,
  NSKeyValueMinusSetMutation = 2,
  NSKeyValueIntersectSetMutation = 3,
  NSKeyValueSetSetMutation = 4
};

typedef NS_ENUM(NSUInteger, NSKeyValueChange) {
  NSKeyValueChangeSetting = 1,
  NSKeyValueChangeInsertion = 2,
  NSKeyValueChangeRemoval = 3,
  NSKeyValueChangeReplacement = 4,
};

@interface NSObject (NSKeyValueObserverNotification)
- (void)willChangeValueForKey:(NSString *)key;
- (void)didChangeValueForKey:(NSString *)key;
- (void)willChange:(NSKeyValueChange)changeKind valuesAtIndexes:(NSIndexSet *)indexes forKey:(NSString *)key;
- (void)didChange:(NSKeyValueChange)changeKind valuesAtIndexes:(NSIndexSet *)indexes forKey:(NSString *)key;
- (void)willChangeValueForKey:(NSString *)key withSetMutation:(NSKeyValueSetMutationKind)mutationKind usingObjects:(NSSet *)objects;
- (void)didChangeValueForKey:(NSString *)key withSetMutation:(NSKeyValueSetMutationKind)mutationKind usingObjects:(NSSet *)objects;
@end

// ---- Key-value observing: registration and the observer's callback
// (developer.apple.com/documentation/objectivec/nsobject-swift.class/addobserver(_:forkeypath:options:context:),
// …/observevalue(forkeypath:of:change:context:), …/foundation/nskeyvaluechangekey)
typedef NSString * NSKeyValueChangeKey __attribute__((swift_wrapper(enum)));
extern NSKeyValueChangeKey const NSKeyValueChangeKindKey;
extern NSKeyValueChangeKey const NSKeyValueChangeNewKey;
extern NSKeyValueChangeKey const NSKeyValueChangeOldKey;
extern NSKeyValueChangeKey const NSKeyValueChangeIndexesKey;
extern NSKeyValueChangeKey const NSKeyValueChangeNotificationIsPriorKey;

typedef NS_OPTIONS(NSUInteger, NSKeyValueObservingOptions) {
  NSKeyValueObservingOptionNew = 0x01,
  NSKeyValueObservingOptionOld = 0x02,
  NSKeyValueObservingOptionInitial = 0x04,
  NSKeyValueObservingOptionPrior = 0x08
};

@interface NSObject (NSKeyValueObserving)
- (void)observeValueForKeyPath:(nullable NSString *)keyPath ofObject:(nullable id)object change:(nullable NSDictionary<NSKeyValueChangeKey, id> *)change context:(nullable void *)context;
@end

@interface NSObject (NSKeyValueObserverRegistration)
- (void)addObserver:(NSObject *)observer forKeyPath:(NSString *)keyPath options:(NSKeyValueObservingOptions)options context:(nullable void *)context;
- (void)removeObserver:(NSObject *)observer forKeyPath:(NSString *)keyPath;
@end

@interface NSMutableArray<ObjectType> : NSArray<ObjectType>
- (void)addObject:(ObjectType)anObject;
@end

// developer.apple.com/documentation/foundation/nsarray/init(array:) (NSArray.h, NSArray (NSArrayCreation))
@interface NSArray<ObjectType> (NSArrayCreation)
- (instancetype)initWithArray:(NSArray<ObjectType> *)array;
@end

// ---- NSError
typedef NSString *NSErrorDomain;
typedef NSString *NSErrorUserInfoKey;

extern NSErrorDomain const NSCocoaErrorDomain;
extern NSErrorUserInfoKey const NSLocalizedDescriptionKey;
extern NSErrorUserInfoKey const NSUnderlyingErrorKey;

@interface NSError : NSObject <NSCopying>
- (instancetype)initWithDomain:(NSErrorDomain)domain code:(NSInteger)code userInfo:(nullable NSDictionary<NSErrorUserInfoKey, id> *)dict NS_DESIGNATED_INITIALIZER;
+ (instancetype)errorWithDomain:(NSErrorDomain)domain code:(NSInteger)code userInfo:(nullable NSDictionary<NSErrorUserInfoKey, id> *)dict;
@property (readonly, copy) NSErrorDomain domain;
@property (readonly) NSInteger code;
@property (readonly, copy) NSDictionary<NSErrorUserInfoKey, id> *userInfo;
@property (readonly, copy) NSString *localizedDescription;
@property (nullable, readonly, copy) NSString *localizedFailureReason;
@end

// ---- NSBundle
@interface NSBundle : NSObject
@property (class, readonly, strong) NSBundle *mainBundle;
+ (NSBundle *)bundleForClass:(Class)aClass;
+ (nullable NSBundle *)bundleWithIdentifier:(NSString *)identifier;
- (nullable NSURL *)URLForResource:(nullable NSString *)name withExtension:(nullable NSString *)ext;
- (nullable NSURL *)URLForResource:(nullable NSString *)name withExtension:(nullable NSString *)ext subdirectory:(nullable NSString *)subpath;
@property (readonly, copy) NSURL *bundleURL;
@property (nullable, readonly, copy) NSString *bundleIdentifier;
@end

// ---- NSPredicate / NSSortDescriptor
@interface NSPredicate : NSObject <NSCopying>
+ (NSPredicate *)predicateWithFormat:(NSString *)predicateFormat argumentArray:(nullable NSArray *)arguments;
+ (NSPredicate *)predicateWithValue:(BOOL)value;
- (BOOL)evaluateWithObject:(nullable id)object;
@property (readonly, copy) NSString *predicateFormat;
@end

@interface NSCompoundPredicate : NSPredicate
+ (NSCompoundPredicate *)andPredicateWithSubpredicates:(NSArray<NSPredicate *> *)subpredicates NS_SWIFT_NAME(init(andPredicateWithSubpredicates:));
+ (NSCompoundPredicate *)orPredicateWithSubpredicates:(NSArray<NSPredicate *> *)subpredicates NS_SWIFT_NAME(init(orPredicateWithSubpredicates:));
@end

@interface NSSortDescriptor : NSObject <NSCopying>
- (instancetype)initWithKey:(nullable NSString *)key ascending:(BOOL)ascending;
@property (nullable, readonly, copy) NSString *key;
@property (readonly) BOOL ascending;
@end

// developer.apple.com/documentation/foundation/nsarray/sortedarray(using:)-82wi1
// (NSSortDescriptor.h, NSArray (NSSortDescriptorSorting); Swift: `sortedArray(using:) -> [Any]`)
@interface NSArray<ObjectType> (NSSortDescriptorSorting)
- (NSArray<ObjectType> *)sortedArrayUsingDescriptors:(NSArray<NSSortDescriptor *> *)sortDescriptors;
@end

// ---- Typed extras (issue 8): substitution of predicate variables
// Facts from Apple's docs: NSPredicate `withSubstitutionVariables(_:)` (-predicateWithSubstitutionVariables:, returns a
// copy of the receiver's class).
@interface NSPredicate (ManagedCodegenTypedExtras)
- (instancetype)predicateWithSubstitutionVariables:(NSDictionary<NSString *, id> *)variables;
@end

NS_ASSUME_NONNULL_END
