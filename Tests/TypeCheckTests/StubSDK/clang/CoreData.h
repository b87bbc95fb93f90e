// Stub of the Core Data API seen by Swift (ManagedCodegen type-check harness).
// Hand-written from the selectors, nullability, designated-initializer marks and error-code values in Apple's
// Core Data documentation; a subset covering what generated classes and their generated tests use.
#pragma once
#include "Foundation.h"

#define COREDATA_EXTERN extern

NS_ASSUME_NONNULL_BEGIN

@class NSManagedObjectContext, NSEntityDescription, NSManagedObjectID, NSManagedObjectModel;
@class NSPersistentStoreCoordinator, NSPersistentStore, NSPersistentStoreDescription, NSPropertyDescription;
@class NSAttributeDescription, NSRelationshipDescription;

// ---- Error codes (anonymous NSInteger enum in NSCocoaErrorDomain) and user-info keys
enum : NSInteger {
  NSManagedObjectValidationError = 1550,
  NSManagedObjectConstraintValidationError = 1551,
  NSValidationMultipleErrorsError = 1560,
  NSValidationMissingMandatoryPropertyError = 1570,
  NSValidationRelationshipLacksMinimumCountError = 1580,
  NSValidationRelationshipExceedsMaximumCountError = 1590,
  NSValidationRelationshipDeniedDeleteError = 1600,
  NSValidationNumberTooLargeError = 1610,
  NSValidationNumberTooSmallError = 1620,
  NSValidationDateTooLateError = 1630,
  NSValidationDateTooSoonError = 1640,
  NSValidationInvalidDateError = 1650,
  NSValidationStringTooLongError = 1660,
  NSValidationStringTooShortError = 1670,
  NSValidationStringPatternMatchingError = 1680,
  NSValidationInvalidURIError = 1690,
  NSManagedObjectContextLockingError = 132000,
  NSPersistentStoreCoordinatorLockingError = 132010,
  NSManagedObjectReferentialIntegrityError = 133000,
  NSManagedObjectExternalRelationshipError = 133010,
  NSManagedObjectMergeError = 133020,
  NSManagedObjectConstraintMergeError = 133021,
  NSPersistentStoreInvalidTypeError = 134000,
  NSPersistentStoreTypeMismatchError = 134010,
  NSPersistentStoreIncompatibleSchemaError = 134020,
  NSPersistentStoreSaveError = 134030,
  NSPersistentStoreIncompleteSaveError = 134040,
  NSPersistentStoreSaveConflictsError = 134050,
  NSCoreDataError = 134060,
  NSPersistentStoreOperationError = 134070,
  NSPersistentStoreOpenError = 134080,
  NSPersistentStoreTimeoutError = 134090,
  NSPersistentStoreUnsupportedRequestTypeError = 134091,
  NSPersistentStoreIncompatibleVersionHashError = 134100,
  NSMigrationError = 134110,
  NSSQLiteError = 134180,
};

COREDATA_EXTERN NSString * const NSDetailedErrorsKey;
COREDATA_EXTERN NSString * const NSValidationObjectErrorKey;
COREDATA_EXTERN NSString * const NSValidationKeyErrorKey;
COREDATA_EXTERN NSString * const NSValidationPredicateErrorKey;
COREDATA_EXTERN NSString * const NSValidationValueErrorKey;
COREDATA_EXTERN NSString * const NSAffectedStoresErrorKey;
COREDATA_EXTERN NSString * const NSAffectedObjectsErrorKey;

// ---- Store types
COREDATA_EXTERN NSString * const NSSQLiteStoreType;
COREDATA_EXTERN NSString * const NSBinaryStoreType;
COREDATA_EXTERN NSString * const NSInMemoryStoreType;

// ---- Fetch request results
@protocol NSFetchRequestResult <NSObject>
@end
@interface NSNumber (NSFetchedResultSupport) <NSFetchRequestResult>
@end
@interface NSDictionary (NSFetchedResultSupport) <NSFetchRequestResult>
@end

// ---- NSManagedObjectID
@interface NSManagedObjectID : NSObject <NSCopying, NSFetchRequestResult>
@property (readonly, strong) NSEntityDescription *entity;
@property (nullable, readonly, weak) NSPersistentStore *persistentStore;
@property (readonly, getter=isTemporaryID) BOOL temporaryID;
- (NSURL *)URIRepresentation;
@end

// ---- NSManagedObject
@interface NSManagedObject : NSObject <NSFetchRequestResult>
+ (NSEntityDescription *)entity API_AVAILABLE(macosx(10.12), ios(10.0));
- (__kindof NSManagedObject *)initWithEntity:(NSEntityDescription *)entity insertIntoManagedObjectContext:(nullable NSManagedObjectContext *)context NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithContext:(NSManagedObjectContext *)moc API_AVAILABLE(macosx(10.12), ios(10.0));

@property (nullable, nonatomic, readonly, assign) NSManagedObjectContext *managedObjectContext;
@property (nonatomic, readonly, strong) NSEntityDescription *entity;
@property (nonatomic, readonly, strong) NSManagedObjectID *objectID;
@property (nonatomic, getter=isInserted, readonly) BOOL inserted;
@property (nonatomic, getter=isUpdated, readonly) BOOL updated;
@property (nonatomic, getter=isDeleted, readonly) BOOL deleted;
@property (nonatomic, readonly) BOOL hasChanges;
@property (nonatomic, readonly) BOOL hasPersistentChangedValues;
@property (nonatomic, getter=isFault, readonly) BOOL fault;
- (BOOL)hasFaultForRelationshipNamed:(NSString *)key;

- (void)willTurnIntoFault;
- (void)didTurnIntoFault;
- (void)willSave;
- (void)didSave;
- (void)awakeFromFetch;
- (void)awakeFromInsert;
- (void)prepareForDeletion;

- (void)willAccessValueForKey:(nullable NSString *)key;
- (void)didAccessValueForKey:(nullable NSString *)key;
- (void)willChangeValueForKey:(NSString *)key;
- (void)didChangeValueForKey:(NSString *)key;
- (nullable id)valueForKey:(NSString *)key;
- (void)setValue:(nullable id)value forKey:(NSString *)key;
- (nullable id)primitiveValueForKey:(NSString *)key;
- (void)setPrimitiveValue:(nullable id)value forKey:(NSString *)key;
- (NSDictionary<NSString *, id> *)committedValuesForKeys:(nullable NSArray<NSString *> *)keys;
- (NSDictionary<NSString *, id> *)changedValues;

- (BOOL)validateValue:(id _Nullable * _Nonnull)value forKey:(NSString *)key error:(NSError **)error;
- (BOOL)validateForDelete:(NSError **)error;
- (BOOL)validateForInsert:(NSError **)error;
- (BOOL)validateForUpdate:(NSError **)error;
@end

// ---- Model descriptions
typedef NS_ENUM(NSUInteger, NSAttributeType) {
  NSUndefinedAttributeType = 0,
  NSInteger16AttributeType = 100,
  NSInteger32AttributeType = 200,
  NSInteger64AttributeType = 300,
  NSDecimalAttributeType = 400,
  NSDoubleAttributeType = 500,
  NSFloatAttributeType = 600,
  NSStringAttributeType = 700,
  NSBooleanAttributeType = 800,
  NSDateAttributeType = 900,
  NSBinaryDataAttributeType = 1000,
  NSUUIDAttributeType = 1100,
  NSURIAttributeType = 1200,
  NSTransformableAttributeType = 1800,
  NSObjectIDAttributeType = 2000,
  NSCompositeAttributeType = 2100
};

typedef NS_ENUM(NSUInteger, NSDeleteRule) {
  NSNoActionDeleteRule,
  NSNullifyDeleteRule,
  NSCascadeDeleteRule,
  NSDenyDeleteRule
};

@interface NSEntityDescription : NSObject <NSCopying, NSFastEnumeration>
+ (nullable NSEntityDescription *)entityForName:(NSString *)entityName inManagedObjectContext:(NSManagedObjectContext *)context;
+ (__kindof NSManagedObject *)insertNewObjectForEntityForName:(NSString *)entityName inManagedObjectContext:(NSManagedObjectContext *)context;
@property (readonly, assign) NSManagedObjectModel *managedObjectModel;
@property (null_resettable, copy) NSString *managedObjectClassName;
@property (nullable, copy) NSString *name;
@property (getter=isAbstract) BOOL abstract;
@property (readonly, copy) NSDictionary<NSString *, __kindof NSEntityDescription *> *subentitiesByName;
@property (strong) NSArray<NSEntityDescription *> *subentities;
@property (nullable, readonly, assign) NSEntityDescription *superentity;
@property (readonly, copy) NSDictionary<NSString *, __kindof NSPropertyDescription *> *propertiesByName;
@property (strong) NSArray<__kindof NSPropertyDescription *> *properties;
@property (readonly, copy) NSDictionary<NSString *, NSAttributeDescription *> *attributesByName;
@property (readonly, copy) NSDictionary<NSString *, NSRelationshipDescription *> *relationshipsByName;
- (BOOL)isKindOfEntity:(NSEntityDescription *)entity;
@end

@interface NSPropertyDescription : NSObject <NSCopying>
@property (readonly, assign) NSEntityDescription *entity;
@property (copy) NSString *name;
@property (getter=isOptional) BOOL optional;
@property (getter=isTransient) BOOL transient;
@property (nullable, strong) NSDictionary *userInfo;
@end

@interface NSAttributeDescription : NSPropertyDescription
@property NSAttributeType attributeType;
@property (nullable, copy) NSString *attributeValueClassName;
@property (nullable, retain) id defaultValue;
@end

@interface NSRelationshipDescription : NSPropertyDescription
@property (nullable, nonatomic, assign) NSEntityDescription *destinationEntity;
@property (nullable, nonatomic, assign) NSRelationshipDescription *inverseRelationship;
@property NSUInteger maxCount;
@property NSUInteger minCount;
@property NSDeleteRule deleteRule;
@property (readonly, getter=isToMany) BOOL toMany;
@property (getter=isOrdered) BOOL ordered;
@end

@interface NSManagedObjectModel : NSObject <NSCopying, NSFastEnumeration>
+ (nullable NSManagedObjectModel *)mergedModelFromBundles:(nullable NSArray<NSBundle *> *)bundles;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
- (nullable instancetype)initWithContentsOfURL:(NSURL *)url;
@property (strong) NSArray<NSEntityDescription *> *entities;
@property (readonly, copy) NSDictionary<NSString *, NSEntityDescription *> *entitiesByName;
// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/isconfiguration(withname:compatiblewithstoremetadata:)
// `func isConfiguration(withName configuration: String?, compatibleWithStoreMetadata metadata: [String : Any]) -> Bool`
// (Swift name in CoreData.apinotes): the migration plan builds its manager only for a store that needs it.
- (BOOL)isConfiguration:(nullable NSString *)configuration compatibleWithStoreMetadata:(NSDictionary<NSString *, id> *)metadata;
@end

// ---- Requests
typedef NS_OPTIONS(NSUInteger, NSFetchRequestResultType) {
  NSManagedObjectResultType = 0x00,
  NSManagedObjectIDResultType = 0x01,
  NSDictionaryResultType = 0x02,
  NSCountResultType = 0x04
};

@interface NSPersistentStoreRequest : NSObject <NSCopying>
@property (nullable, strong) NSArray<NSPersistentStore *> *affectedStores;
@end

@interface NSFetchRequest<__covariant ResultType:id<NSFetchRequestResult>> : NSPersistentStoreRequest
+ (instancetype)fetchRequestWithEntityName:(NSString *)entityName;
- (instancetype)init NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithEntityName:(NSString *)entityName;
@property (nullable, nonatomic, strong) NSEntityDescription *entity;
@property (nullable, nonatomic, readonly, strong) NSString *entityName;
@property (nullable, nonatomic, strong) NSPredicate *predicate;
@property (nullable, nonatomic, strong) NSArray<NSSortDescriptor *> *sortDescriptors;
@property (nonatomic) NSUInteger fetchLimit;
@property (nonatomic) NSUInteger fetchOffset;
@property (nonatomic) NSUInteger fetchBatchSize;
@property (nonatomic) NSFetchRequestResultType resultType;
@property (nonatomic) BOOL includesSubentities;
@property (nonatomic) BOOL includesPropertyValues;
@property (nonatomic) BOOL returnsObjectsAsFaults;
@property (nonatomic) BOOL includesPendingChanges;
@property (nullable, nonatomic, copy) NSArray<NSString *> *relationshipKeyPathsForPrefetching;
@property (nullable, nonatomic, copy) NSArray *propertiesToFetch;
@end

// ---- Context
typedef NS_ENUM(NSUInteger, NSManagedObjectContextConcurrencyType) {
  NSConfinementConcurrencyType API_DEPRECATED("Use another NSManagedObjectContextConcurrencyType", macos(10.4,10.11), ios(3.0,9.0)) = 0x00,
  NSPrivateQueueConcurrencyType = 0x01,
  NSMainQueueConcurrencyType = 0x02
};

@interface NSManagedObjectContext : NSObject
- (instancetype)init API_DEPRECATED("Use -initWithConcurrencyType: instead", macos(10.4,10.11), ios(3.0,9.0));
- (instancetype)initWithConcurrencyType:(NSManagedObjectContextConcurrencyType)ct NS_DESIGNATED_INITIALIZER;
- (void)performBlock:(void (NS_SWIFT_SENDABLE ^)(void))block;
- (void)performBlockAndWait:(void (NS_SWIFT_SENDABLE NS_NOESCAPE ^)(void))block;
@property (nullable, strong) NSPersistentStoreCoordinator *persistentStoreCoordinator;
@property (nullable, strong) NSManagedObjectContext *parentContext;
@property (nullable, copy) NSString *name;
@property (readonly) NSManagedObjectContextConcurrencyType concurrencyType;
@property (nonatomic) BOOL automaticallyMergesChangesFromParent;
@property (strong) id mergePolicy;
@property (nonatomic, readonly) BOOL hasChanges;
@property (nonatomic, readonly, strong) NSSet<__kindof NSManagedObject *> *insertedObjects;
@property (nonatomic, readonly, strong) NSSet<__kindof NSManagedObject *> *updatedObjects;
@property (nonatomic, readonly, strong) NSSet<__kindof NSManagedObject *> *deletedObjects;
@property (nonatomic, readonly, strong) NSSet<__kindof NSManagedObject *> *registeredObjects;
- (nullable __kindof NSManagedObject *)objectRegisteredForID:(NSManagedObjectID *)objectID;
- (__kindof NSManagedObject *)objectWithID:(NSManagedObjectID *)objectID;
- (nullable __kindof NSManagedObject *)existingObjectWithID:(NSManagedObjectID *)objectID error:(NSError **)error;
- (nullable NSArray *)executeFetchRequest:(NSFetchRequest *)request error:(NSError **)error NS_REFINED_FOR_SWIFT;
- (NSUInteger)countForFetchRequest:(NSFetchRequest *)request error:(NSError **)error __attribute__((swift_error(nonnull_error))) NS_REFINED_FOR_SWIFT;
- (void)insertObject:(NSManagedObject *)object;
- (void)deleteObject:(NSManagedObject *)object;
- (void)refreshObject:(NSManagedObject *)object mergeChanges:(BOOL)flag;
- (void)processPendingChanges;
- (void)undo;
- (void)redo;
- (void)reset;
- (void)rollback;
- (BOOL)save:(NSError **)error;
- (void)refreshAllObjects;
- (BOOL)obtainPermanentIDsForObjects:(NSArray<NSManagedObject *> *)objects error:(NSError **)error;
@end

// ---- Stores and containers
@interface NSPersistentStore : NSObject
@property (nullable, copy) NSURL *URL;
@property (readonly, copy) NSString *type;
@property (copy) NSString *identifier;
@end

@interface NSPersistentStoreCoordinator : NSObject
- (instancetype)initWithManagedObjectModel:(NSManagedObjectModel *)model NS_DESIGNATED_INITIALIZER;
@property (readonly, strong) NSManagedObjectModel *managedObjectModel;
@property (readonly, strong) NSArray<__kindof NSPersistentStore *> *persistentStores;
// Apple: NSPersistentStoreCoordinator `addPersistentStore(ofType:configurationName:at:options:) throws -> NSPersistentStore`
// (the Swift name is in CoreData.apinotes): the generated "every shipped version opens" tests create an SQLite store.
- (nullable __kindof NSPersistentStore *)addPersistentStoreWithType:(NSString *)storeType configuration:(nullable NSString *)configuration URL:(nullable NSURL *)storeURL options:(nullable NSDictionary *)options error:(NSError **)error;
// https://developer.apple.com/documentation/coredata/nspersistentstorecoordinator/remove(_:)
// `func remove(_ store: NSPersistentStore) throws`: closes a shipped version's store before it is reopened.
- (BOOL)removePersistentStore:(NSPersistentStore *)store error:(NSError **)error;
// Apple: NSPersistentStoreCoordinator `managedObjectID(forURIRepresentation:) -> NSManagedObjectID?` (typed object IDs' decoding).
- (nullable NSManagedObjectID *)managedObjectIDForURIRepresentation:(NSURL *)url;
// https://developer.apple.com/documentation/coredata/nspersistentstorecoordinator/metadataforpersistentstore(oftype:at:options:)
// `class func metadataForPersistentStore(ofType storeType: String, at url: URL, options: [AnyHashable : Any]? = nil) throws
// -> [String : Any]` (Swift name in CoreData.apinotes): the migration plan reads a store's metadata before loading it.
+ (nullable NSDictionary<NSString *, id> *)metadataForPersistentStoreOfType:(NSString *)storeType URL:(NSURL *)url options:(nullable NSDictionary *)options error:(NSError **)error;
@end

@interface NSPersistentStoreDescription : NSObject <NSCopying>
+ (instancetype)persistentStoreDescriptionWithURL:(NSURL *)URL;
- (instancetype)initWithURL:(NSURL *)url NS_DESIGNATED_INITIALIZER;
@property (copy) NSString *type;
@property (copy, nullable) NSString *configuration;
@property (copy, nullable) NSURL *URL;
@property (nonatomic, readonly) NSDictionary<NSString *, NSObject *> *options;
- (void)setOption:(nullable NSObject *)option forKey:(NSString *)key;
@property (getter=isReadOnly) BOOL readOnly;
@property NSTimeInterval timeout;
@property BOOL shouldAddStoreAsynchronously;
@property BOOL shouldMigrateStoreAutomatically;
@property BOOL shouldInferMappingModelAutomatically;
@end

@interface NSPersistentContainer : NSObject
+ (instancetype)persistentContainerWithName:(NSString *)name;
+ (instancetype)persistentContainerWithName:(NSString *)name managedObjectModel:(NSManagedObjectModel *)model;
+ (NSURL *)defaultDirectoryURL;
@property (copy, readonly) NSString *name;
@property (strong, readonly) NSManagedObjectContext *viewContext;
@property (strong, readonly) NSManagedObjectModel *managedObjectModel;
@property (strong, readonly) NSPersistentStoreCoordinator *persistentStoreCoordinator;
@property (copy) NSArray<NSPersistentStoreDescription *> *persistentStoreDescriptions;
- (instancetype)initWithName:(NSString *)name;
- (instancetype)initWithName:(NSString *)name managedObjectModel:(NSManagedObjectModel *)model NS_DESIGNATED_INITIALIZER;
- (void)loadPersistentStoresWithCompletionHandler:(void (^)(NSPersistentStoreDescription *, NSError * _Nullable))block NS_SWIFT_DISABLE_ASYNC;
- (NSManagedObjectContext *)newBackgroundContext;
- (void)performBackgroundTask:(void (^)(NSManagedObjectContext *))block;
@end

// ---- Staged migration (issue 36): macOS 14, iOS 17, tvOS 17, watchOS 10. The Swift initializers and handlers
// Apple declares in Swift (`s:So…` symbols) are in overlays/CoreData.swift; the Objective-C declarations here are
// the ones Apple's pages give as `c:objc(…)` symbols.
@class NSStagedMigrationManager, NSCustomMigrationStage;

// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/versionchecksum
// "The Base64-encoded 128-bit model version hash." (`var versionChecksum: String { get }`)
@interface NSManagedObjectModel (ManagedCodegenStagedMigration)
@property (readonly, copy) NSString *versionChecksum API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0));
// Selector `checksumsForVersionedModelAtURL:error:`, returning a dictionary of version names to checksums or nil
// with an error, as Apple's header declares it (no Apple page found by the `search` tool; the selector and types
// are those of the .NET iOS binding generated from the header, learn.microsoft.com, NSManagedObjectModel.
// ChecksumsForVersionedModel). Imported as `checksumsForVersionedModel(at:) throws -> [String: String]`.
+ (nullable NSDictionary<NSString *, NSString *> *)checksumsForVersionedModelAtURL:(NSURL *)modelURL error:(NSError **)error API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0));
@end

// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodelreference
// "An object that describes a specific version of an object model."
API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0))
@interface NSManagedObjectModelReference : NSObject
// …/nsmanagedobjectmodelreference/init(model:versionchecksum:)
- (instancetype)initWithModel:(NSManagedObjectModel *)model versionChecksum:(NSString *)versionChecksum;
// …/nsmanagedobjectmodelreference/init(fileurl:versionchecksum:)
- (instancetype)initWithFileURL:(NSURL *)fileURL versionChecksum:(NSString *)versionChecksum;
// …/nsmanagedobjectmodelreference/init(name:in:versionchecksum:)
- (instancetype)initWithName:(NSString *)modelName inBundle:(nullable NSBundle *)bundle versionChecksum:(NSString *)versionChecksum NS_SWIFT_NAME(init(name:in:versionChecksum:));
// …/nsmanagedobjectmodelreference/init(entityversionhashes:in:versionchecksum:)
- (instancetype)initWithEntityVersionHashes:(NSDictionary *)versionHash inBundle:(nullable NSBundle *)bundle versionChecksum:(NSString *)versionChecksum NS_SWIFT_NAME(init(entityVersionHashes:in:versionChecksum:));
// …/nsmanagedobjectmodelreference/resolvedmodel, …/versionchecksum
@property (readonly, strong) NSManagedObjectModel *resolvedModel;
@property (readonly, copy) NSString *versionChecksum;
@end

// https://developer.apple.com/documentation/coredata/nsmigrationstage: "An abstract base class"; `label`.
API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0))
@interface NSMigrationStage : NSObject
@property (nullable, copy) NSString *label;
@end

// https://developer.apple.com/documentation/coredata/nslightweightmigrationstage: `versionChecksums`;
// the Swift `init(_ checksums: [String])` is in the overlay.
API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0))
@interface NSLightweightMigrationStage : NSMigrationStage
@property (readonly, copy) NSArray<NSString *> *versionChecksums;
@end

// https://developer.apple.com/documentation/coredata/nscustommigrationstage: `currentModel`, `nextModel`; the
// Swift `init(migratingFrom:to:)`, `willMigrateHandler` and `didMigrateHandler` are in the overlay.
API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0))
@interface NSCustomMigrationStage : NSMigrationStage
@property (readonly, strong) NSManagedObjectModelReference *currentModel;
@property (readonly, strong) NSManagedObjectModelReference *nextModel;
@end

// https://developer.apple.com/documentation/coredata/nsstagedmigrationmanager: `stages`, `container`; the Swift
// `init(_ stages: [NSMigrationStage])` is in the overlay.
API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0))
@interface NSStagedMigrationManager : NSObject
@property (readonly, copy) NSArray<NSMigrationStage *> *stages;
@property (nullable, readonly, strong) NSPersistentContainer *container;
@end

// https://developer.apple.com/documentation/coredata/nspersistentstorestagedmigrationmanageroptionkey
// "The key for specifying your staged migration manager." (`let …: String`)
COREDATA_EXTERN NSString * const NSPersistentStoreStagedMigrationManagerOptionKey API_AVAILABLE(macosx(14.0), ios(17.0), tvos(17.0), watchos(10.0));

// ---- Typed extras (issue 8): fetch-request template settings
// Facts from Apple's docs: NSFetchRequest `returnsDistinctResults: Bool { get set }`.
@interface NSFetchRequest<ResultType> (ManagedCodegenTypedExtras)
@property (nonatomic) BOOL returnsDistinctResults;
@end

NS_ASSUME_NONNULL_END
