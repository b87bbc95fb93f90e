import CoreDataMapping
import ManagedModel

/// Hand-written managed-object classes checked against the model (`managed-codegen audit`): what each `@NSManaged`
/// declaration asks of Core Data, against what the model says Core Data will serve (``CoreDataBridging``).
///
/// Reported at the declaration, or at the model's line for a property no class declares:
/// - a model property without a declaration: a warning (an error when `strict`); the entity's class missing from
///   the sources likewise;
/// - an `@NSManaged` property with no model property under its key: an error (Core Data raises at first access);
/// - a type Core Data cannot serve for the property: an error. A scalar is decided by its Objective-C type encoding
///   (an `@objc enum` by its raw type's) against the encodings the attribute accepts
///   (``CoreDataBridging/scalarVerdict(_:over:)``): accepted on no platform, an error; on some only (`Int` over
///   Integer 64, not on arm64_32 watchOS), truncated (`Int` over Integer 32) or not the attribute's own scalar
///   (`UInt64` over Integer 64), a warning;
/// - a Transformable declared as clearly another class than its Custom Class: a warning;
/// - `@NSManaged` primitive accessors (`primitiveUpdatedAt` for `updatedAt`): accepted, Core Data implements them;
/// - a scalar over an attribute whose "Use Scalar Type" is off: a warning (Core Data converts; the model and the
///   class disagree);
/// - a non-optional declaration over a value that can be nil (optional, transient or derived): an error, but a
///   warning for a scalar, which reads nil as zero (Xcode's codegen declares optional scalars so); an optional one
///   over a required value: a warning;
/// - an `@NSManaged` method whose selector is not one Core Data implements for a to-many relationship, or a bulk
///   mutator (`add<Key>:`, `remove<Key>:`) taking the other collection (NSOrderedSet for an unordered one): an error;
/// - a class of the sources descending from `NSManagedObject` that no entity names (nor one of another model
///   version), and no other class inherits from: a warning at the class.
///
/// Every finding of a declaration (`Int` over an optional Integer 64 both crashes on arm64_32 and reads nil as 0),
/// except that a type Core Data cannot serve is reported alone: the declaration its message names settles the rest.
/// Entities whose classes Xcode generates (Codegen Class Definition or Category/Extension) get their declarations
/// checked, not their missing ones;
/// ignored entities and properties (`managedCodegen.ignore`) and names Swift cannot declare are not expected.
package struct SourceAudit {
    package let schema: Schema
    package let declarations: ManagedDeclarationScan
    package let strict: Bool
    /// The class names of the entities of the model's other versions: a class of the sources named so is kept for
    /// another version (a migration, its tests), not reported as a class no entity names.
    package let classesOfOtherVersions: Set<String>

    package init(schema: Schema, declarations: ManagedDeclarationScan, strict: Bool = false, classesOfOtherVersions: Set<String> = []) {
        self.schema = schema
        self.declarations = declarations
        self.strict = strict
        self.classesOfOtherVersions = classesOfOtherVersions
    }

    /// Every finding, sorted by file and line.
    package func diagnostics() -> Diagnostics {
        var found: [Diagnostic] = []
        var auditedClasses: Set<String> = []
        var reportedMissing: Set<SourceLocation> = []
        for entity in schema.entities {
            guard let className = entity.customClassName, SwiftNames.isIdentifier(className), !entity.isIgnoredByUserInfo,
                auditedClasses.insert(className).inserted
            else { continue }
            let swiftNames = self.swiftNames(of: entity)
            let isDeclared = declarations.types.contains { swiftNames.contains($0.name) }
            guard isDeclared else {
                if entity.codeGenerationType == .manual {
                    found.append(
                        AuditRules.missingClass.diagnostic(
                            "entity '\(entity.name)' names the class \(className), but no class or extension in the sources declares it",
                            at: entity.location, strict: strict))
                }
                continue
            }
            let own = declarations.members.filter { swiftNames.contains($0.typeName) }
            for member in own where member.isManaged { found += check(member, in: entity) }
            if entity.codeGenerationType == .manual {
                for diagnostic in missingDeclarations(of: entity, className: className)
                where reportedMissing.insert(diagnostic.location!).inserted {
                    found.append(diagnostic)
                }
            }
        }
        found += unknownManagedClasses()
        // By file and line; the findings of one declaration in the order they were found (the index breaks ties).
        let ordered = found.enumerated().sorted {
            ($0.element.location?.path ?? "", $0.element.location?.line ?? 0, $0.offset)
                < ($1.element.location?.path ?? "", $1.element.location?.line ?? 0, $1.offset)
        }
        return Diagnostics(ordered.map(\.element))
    }

    /// `NSManagedObject` subclasses of the sources (directly or through other classes of the sources) whose runtime
    /// name (`@objc(Name)`, else their own) and Swift name are no entity's class name: Core Data never makes an
    /// object of them. A class other classes of the sources inherit from is a shared base class, not reported.
    private func unknownManagedClasses() -> [Diagnostic] {
        let classes = declarations.types.filter(\.isClass)
        let superclasses = Set(classes.compactMap(\.superclass))
        let entityClasses = Set(schema.entities.compactMap(\.customClassName))
        let known = entityClasses.union(classesOfOtherVersions)
        var result: [Diagnostic] = []
        for type in classes where !superclasses.contains(type.name) && !superclasses.contains(type.objcName ?? type.name) {
            let runtimeName = type.objcName ?? type.name
            guard !known.contains(runtimeName), !known.contains(type.name),
                classChain(of: type.name).dropFirst().contains("NSManagedObject")
            else { continue }
            var hint = SpellingSuggestion.closest(to: runtimeName, in: entityClasses).map { " (did you mean \($0)?)" } ?? ""
            if let entity = schema.entity(named: runtimeName), entity.customClassName == nil {
                hint = " (entity '\(entity.name)' has no class of its own: set its Class to \(runtimeName))"
            }
            result.append(
                AuditRules.unknownManagedClass.diagnostic(
                    "class \(type.name)\(type.objcName.map { " (@objc(\($0)))" } ?? "") is an NSManagedObject subclass, but no entity "
                        + "of the model has the class \(runtimeName)\(hint): Core Data never makes an object of it",
                    at: type.location))
        }
        return result
    }

    /// The Swift names of the entity's class: classes whose runtime name (`@objc(Name)`, else their own) is the
    /// entity's class name, and the class name itself (extensions of a class declared elsewhere).
    func swiftNames(of entity: Entity) -> Set<String> {
        guard let className = entity.customClassName else { return [] }
        var names: Set<String> = [className]
        for type in declarations.types where type.isClass && (type.objcName ?? type.name) == className { names.insert(type.name) }
        return names
    }

    // MARK: Declarations with no model counterpart, or the wrong type

    private func check(_ member: ManagedDeclarationScan.Member, in entity: Entity) -> [Diagnostic] {
        if case .property(let type?, _) = member.kind, let attribute = schema.allAttributes(of: entity).first(where: { $0.name == member.key }) {
            return check(DeclaredType(type), of: member, against: attribute, in: entity)
        }
        return checkOne(member, in: entity).map { [$0] } ?? []
    }

    private func checkOne(_ member: ManagedDeclarationScan.Member, in entity: Entity) -> Diagnostic? {
        switch member.kind {
        case .method(let selector):
            let selectors = schema.allRelationships(of: entity).filter(\.isToMany).flatMap {
                CoreDataBridging.toManySelectors(key: $0.name, isOrdered: $0.isOrdered)
            }
            guard !selectors.contains(selector) else { return checkBulkParameter(of: member, selector: selector, in: entity) }
            let hint = SpellingSuggestion.closest(to: selector, in: selectors).map { " (did you mean '\($0)'?)" } ?? ""
            return AuditRules.unknownSelector.diagnostic(
                "@NSManaged method '\(member.name)' has the selector '\(selector)'\(hint), which Core Data does not implement "
                    + "for entity '\(entity.name)': calling it raises 'unrecognized selector'",
                at: member.location)
        case .property(let type, _):
            let key = member.key
            if schema.allAttributes(of: entity).contains(where: { $0.name == key }) { return nil }
            if let relationship = schema.allRelationships(of: entity).first(where: { $0.name == key }) {
                return type.flatMap { check(DeclaredType($0), of: member, against: relationship, in: entity) }
            }
            if schema.allFetchedProperties(of: entity).contains(where: { $0.name == key }) { return nil }
            let names = schema.allAttributes(of: entity).map(\.name) + schema.allRelationships(of: entity).map(\.name)
            // Core Data implements it; what it holds is the stored object value, whatever the public accessor's type.
            if CoreDataBridging.primitiveAccessorKey(key, among: names) != nil { return nil }
            return AuditRules.unknownProperty.diagnostic(
                "@NSManaged property '\(member.name)'\(member.objcName == nil ? "" : " (key '\(key)')") is not a property of entity "
                    + "'\(entity.name)'\(SpellingSuggestion.hint(for: key, in: names)): Core Data raises an exception at its first access",
                at: member.location)
        }
    }

    /// The bulk mutators `add<Key>:` / `remove<Key>:` take the relationship's collection: an NSSet (or a Swift `Set`,
    /// which bridges to one) for an unordered to-many, an NSOrderedSet for an ordered one (Xcode's codegen declares
    /// them so; KVC guide, "Accessor Search Patterns"). The other class is no subclass of it.
    private func checkBulkParameter(of member: ManagedDeclarationScan.Member, selector: String, in entity: Entity) -> Diagnostic? {
        guard let parameter = member.parameterTypes.first,
            let relationship = schema.allRelationships(of: entity).first(where: {
                $0.isToMany && [ToManySelectors(key: $0.name).add, ToManySelectors(key: $0.name).remove].contains(selector)
            })
        else { return nil }
        let declared = DeclaredType(parameter)
        let expected = relationship.isOrdered ? "NSOrderedSet" : "NSSet"
        if declared.name == expected || (!relationship.isOrdered && declared.setElement != nil) { return nil }
        return AuditRules.bulkMutatorCollection.diagnostic(
            "@NSManaged method '\(member.name)' ('\(selector)') takes \(declared.spelled), but relationship '\(entity.name).\(relationship.name)' "
                + "is \(relationship.isOrdered ? "ordered" : "unordered"): Core Data's '\(selector)' takes an \(expected); declare "
                + "`_ values: \(expected)`",
            at: member.location)
    }

    private func check(
        _ written: DeclaredType, of member: ManagedDeclarationScan.Member, against attribute: Attribute, in entity: Entity
    ) -> [Diagnostic] {
        let declared = written
        let subject = "'\(member.name)' is declared \(declared.spelled), but attribute '\(entity.name).\(attribute.name)'"
        let stored = SwiftTypeTable.storedType(of: attribute)
        var isScalar = false
        // Every finding of the declaration: a scalar that crashes on one platform is no less so for also reading nil
        // as 0. A type Core Data cannot serve is reported alone: the declaration its message names settles the rest.
        var findings: [Diagnostic] = []
        if let objects = CoreDataBridging.acceptedObjectTypes(for: attribute.type), !objects.contains(declared.name) {
            let scalar = ScalarDeclaration(declared.name, objcEnumRawTypes: declarations.objcEnumRawTypes)
            let type = attribute.type.rawValue
            let declare = "declare \(Self.managedDeclaration(of: attribute))"
            switch CoreDataBridging.scalarVerdict(scalar.scalarName, over: attribute.type) {
            case nil, .unserved?:
                let choices = (objects.sorted() + [CoreDataBridging.ownScalar(of: attribute.type)].compactMap { $0 }).joined(separator: ", ")
                let why = scalar.encodings.map {
                    " (\(scalar.described) encodes as \($0), which \(type) does not accept: no accessor, the first access raises 'unrecognized selector')"
                } ?? ""
                // A scalar the attribute does not accept, or a type that is no scalar (a Swift enum without @objc).
                let rule = scalar.encodings == nil ? AuditRules.unservedType : AuditRules.unservedScalar
                return [rule.diagnostic(
                    "\(subject) is \(type), which Core Data cannot serve as \(declared.name)\(why) (it serves \(choices)); \(declare)",
                    at: member.location)]
            case .unservedOn(let platforms)?:
                let encodings = platforms.compactMap { platform in
                    CoreDataBridging.encoding(ofScalar: scalar.scalarName, on: platform).map { "`\($0.rawValue)` on \(platform.rawValue)" }
                }
                let served = CoreDataBridging.ScalarPlatform.allCases.filter { !platforms.contains($0) }.map(\.rawValue)
                findings.append(AuditRules.scalarUnservedOnSomePlatforms.diagnostic(
                    "\(subject) is \(type): Core Data serves \(scalar.described) on \(served.joined(separator: ", ")), but it encodes as "
                        + "\(encodings.joined(separator: ", ")), which \(type) does not accept: there the first access raises "
                        + "'unrecognized selector' (a crash); \(declare)",
                    at: member.location))
            case .truncatedTo32Bits?:
                findings.append(AuditRules.scalarTruncated.diagnostic(
                    "\(subject) is \(type): Core Data serves \(scalar.described) (with a console message about an implicit "
                        + "coercion to 32 bits), but values past Int32 are truncated; \(declare)",
                    at: member.location))
            case .servedAsOtherScalar?:
                let own = CoreDataBridging.ownScalar(of: attribute.type) ?? stored.name
                let caveat = attribute.type.isInteger
                    ? "the attribute is a signed integer: values above \(own).max do not fit it"
                    : "the attribute's own scalar is \(own)"
                findings.append(AuditRules.scalarNotOwn.diagnostic(
                    "\(subject) is \(type): Core Data serves \(scalar.described), but \(caveat); \(declare)", at: member.location))
            case .ownScalar?:
                break
            }
            isScalar = true
            // Xcode 8's checkbox, read as the type table reads it (absent: scalar for numbers, object for Date).
            let scalarIsOn = stored.storage == .scalar
            if !scalarIsOn {
                findings.append(AuditRules.scalarTypeOff.diagnostic(
                    "\(subject) has 'Use Scalar Type' off: Core Data converts, but the model and the class disagree "
                        + "(Xcode's codegen declares \(stored.name)); turn 'Use Scalar Type' on, or declare \(stored.declaration)",
                    at: member.location))
            }
        }
        if attribute.type == .transformable, let modelClass = attribute.customClassName,
            isClearlyNotTransformableClass(declared.name, modelClass: modelClass)
        {
            findings.append(AuditRules.transformableClass.diagnostic(
                "\(subject) is Transformable with the class \(modelClass): Core Data hands out what the transformer decodes, "
                    + "a \(modelClass), not a \(declared.name); declare \(modelClass)\(declared.isOptional ? "?" : ""), or change the "
                    + "attribute's Custom Class",
                at: member.location))
        }
        let mayBeNil = attribute.mayReadNil
        let why = attribute.isOptional ? "optional" : attribute.isTransient ? "transient (a refresh discards it)" : "derived (computed at save)"
        if mayBeNil, !declared.isOptional {
            let fix = isScalar
                ? "declare a computed \(declared.name)? over value(forKey:) (Swift cannot declare @NSManaged \(declared.name)?)"
                : "declare \(declared.name)?"
            // A scalar reads nil as its zero (as Xcode's own codegen declares it): a value lost, not a trap, so a
            // warning; the object types that trap or hand out nil are errors.
            let message =
                "\(subject) is \(why): a non-optional property \(CoreDataBridging.nilReadBehaviour(of: declared.name, isScalar: isScalar)); \(fix)"
            findings.append((isScalar ? AuditRules.nonOptionalScalar : AuditRules.nonOptional).diagnostic(message, at: member.location))
        }
        if !mayBeNil, declared.isOptional {
            findings.append(AuditRules.optionalOverRequired.diagnostic("\(subject) is required: declare \(declared.name)", at: member.location))
        }
        return findings
    }

    private func check(
        _ declared: DeclaredType, of member: ManagedDeclarationScan.Member, against relationship: Relationship, in entity: Entity
    ) -> Diagnostic? {
        let subject = "'\(member.name)' is declared \(declared.spelled), but relationship '\(entity.name).\(relationship.name)'"
        let destination = schema.entity(named: relationship.destinationEntity)
        var classes: Set<String> = ["NSManagedObject"]
        for destinationEntity in destination.map({ schema.ancestors(of: $0) + [$0] }) ?? [] {
            classes.formUnion(swiftNames(of: destinationEntity))
        }
        let destinationClass = TypeAssigner.destinationClass(of: relationship, in: schema)
        guard relationship.isToMany else {
            guard classes.contains(declared.name) else {
                return AuditRules.unservedType.diagnostic("\(subject) holds \(destinationClass) objects; declare \(destinationClass)", at: member.location)
            }
            let mayBeNil = relationship.mayReadNil
            if mayBeNil, !declared.isOptional {
                let why = relationship.isOptional ? "optional" : "transient (a refresh discards it)"
                return AuditRules.nonOptional.diagnostic(
                    "\(subject) is \(why): a non-optional property \(CoreDataBridging.nilReadBehaviour(of: declared.name, isScalar: false)); "
                        + "declare \(declared.name)?",
                    at: member.location)
            }
            if !mayBeNil, declared.isOptional {
                return AuditRules.optionalOverRequired.diagnostic("\(subject) is required: declare \(declared.name)", at: member.location)
            }
            return nil
        }
        // Optionality is not checked for to-many relationships: Core Data hands out an empty collection for an
        // object without members, and Xcode's codegen declares `NSSet?` / `NSOrderedSet?`.
        if relationship.isOrdered {
            guard declared.name == "NSOrderedSet" else {
                return AuditRules.unservedType.diagnostic(
                    "\(subject) is ordered: Core Data serves an NSOrderedSet, which does not bridge to \(declared.name); declare NSOrderedSet",
                    at: member.location)
            }
            return nil
        }
        if declared.name == "NSSet" { return nil }
        if let element = declared.setElement {
            if classes.contains(element) || element == "AnyHashable" { return nil }
            return AuditRules.unservedType.diagnostic("\(subject) holds \(destinationClass) objects; declare Set<\(destinationClass)>", at: member.location)
        }
        return AuditRules.unservedType.diagnostic(
            "\(subject) is an unordered to-many: Core Data serves an NSSet, which does not bridge to \(declared.name); "
                + "declare Set<\(destinationClass)>",
            at: member.location)
    }

    /// Whether a declaration of `declared` (optionality stripped) over a Transformable attribute whose Custom Class is
    /// `modelClass` is clearly of another class; false whenever it may be the same or related. Clearly other: two
    /// Foundation bridging families (`[String]` over `NSDictionary`), two different Swift spellings of one
    /// (`[String]` over `[Int]`), a Swift value type over a class that is not of its family (`[String]` over
    /// `UIColor`), and two classes of the sources neither of which inherits from the other.
    func isClearlyNotTransformableClass(_ declared: String, modelClass: String) -> Bool {
        let model = DeclaredType.droppingModules(modelClass.filter { !$0.isWhitespace })
        let declared = declared.filter { !$0.isWhitespace }
        let any = CoreDataBridging.anyObjectTypeNames
        guard Self.swiftSpelling(declared) != Self.swiftSpelling(model), !any.contains(declared), !any.contains(model) else { return false }
        let declaredFamily = CoreDataBridging.foundationClass(bridging: declared)
        let modelFamily = CoreDataBridging.foundationClass(bridging: model)
        switch (declaredFamily, modelFamily) {
        case let (declaredFamily?, modelFamily?):
            if declaredFamily != modelFamily { return true }
            // `[String]` over `[Int]`: both say what the elements are, differently. `[String]` over NSArray: may be.
            return Self.isSwiftValueType(declared) && Self.isSwiftValueType(model)
        case (let family?, nil), (nil, let family?):
            let (valueSide, classSide) = declaredFamily == nil ? (model, declared) : (declared, model)
            let chain = classChain(of: classSide)
            // A class the sources do not declare may subclass anything; only a Swift value type rules it out.
            if chain.count == 1, declaredFamily != nil, !Self.isSwiftValueType(valueSide) { return false }
            if chain.count == 1, declaredFamily == nil { return false }
            return !chain.contains { CoreDataBridging.foundationClass(bridging: $0) == family }
        case (nil, nil):
            let declaredChain = classChain(of: declared)
            let modelChain = classChain(of: model)
            guard declaredChain.count > 1, modelChain.count > 1 else { return false }
            return !declaredChain.contains(model) && !modelChain.contains(declared)
        }
    }

    /// `name` and its superclasses as the sources declare them (`[Palette, Swatch, NSObject]`); `[name]` for a class
    /// the sources do not declare.
    private func classChain(of name: String) -> [String] {
        var chain = [name]
        while chain.count < 32,
            let superclass = declarations.types.first(where: { $0.isClass && ($0.name == chain.last || $0.objcName == chain.last) })?.superclass,
            !chain.contains(superclass)
        {
            chain.append(superclass)
        }
        return chain
    }

    /// `Array<T>` as `[T]`, `Dictionary<K,V>` as `[K:V]`: one spelling to compare.
    static func swiftSpelling(_ name: String) -> String {
        if name.hasPrefix("Array<"), name.hasSuffix(">") { return "[" + name.dropFirst(6).dropLast() + "]" }
        if name.hasPrefix("Dictionary<"), name.hasSuffix(">") {
            return "[" + name.dropFirst(11).dropLast().split(separator: ",", maxSplits: 1).joined(separator: ":") + "]"
        }
        return name
    }

    /// A Swift value type with a Foundation counterpart: it bridges from exactly that class (not from a subclass of
    /// the app's, not from another class).
    static func isSwiftValueType(_ name: String) -> Bool {
        CoreDataBridging.foundationClass(bridging: name) != nil && !name.hasPrefix("NS")
    }

    /// What to declare `@NSManaged` for `attribute`: its stored type, except for an optional scalar, which Objective-C
    /// cannot represent (`@NSManaged var flag: Bool?` does not compile): its object class, `NSNumber?` or `Date?`.
    static func managedDeclaration(of attribute: Attribute) -> String {
        let stored = SwiftTypeTable.storedType(of: attribute)
        guard stored.storage == .scalar, stored.isOptional else { return stored.declaration }
        return SwiftTypeTable.objectType(of: attribute).declaration
    }

    // MARK: Model properties with no declaration

    private func missingDeclarations(of entity: Entity, className: String) -> [Diagnostic] {
        let chain = schema.ancestors(of: entity) + [entity]
        var names: Set<String> = []
        for owner in chain {
            let swiftNames = self.swiftNames(of: owner)
            for member in declarations.members where swiftNames.contains(member.typeName) {
                if case .property = member.kind { names.insert(member.key) }
            }
        }
        var result: [Diagnostic] = []
        for owner in chain {
            // An ancestor with a class of its own declares its properties there; it is audited on its own.
            if owner.name != entity.name, owner.customClassName != nil { continue }
            func expect(_ name: String, at location: SourceLocation, isIgnored: Bool, declaration: @autoclosure () -> String) {
                guard !isIgnored, SwiftNames.propertyNameClash(name) == nil, !names.contains(name) else { return }
                result.append(
                    AuditRules.missingDeclaration.diagnostic(
                        "property '\(owner.name).\(name)' has no declaration in \(className) (or an extension of it); declare "
                            + "`@NSManaged var \(SwiftNames.escaped(name)): \(declaration())`, or read it with value(forKey:)",
                        at: location, strict: strict))
            }
            for attribute in owner.attributes {
                expect(attribute.name, at: attribute.location, isIgnored: attribute.annotations.isIgnored,
                       declaration: Self.managedDeclaration(of: attribute))
            }
            for relationship in owner.relationships {
                let type = TypeAssigner.declaredType(
                    of: relationship, destinationClass: TypeAssigner.destinationClass(of: relationship, in: schema))
                expect(relationship.name, at: relationship.location,
                       isIgnored: PropertyAnnotations(userInfo: relationship.userInfo).isIgnored, declaration: type)
            }
            for fetched in owner.fetchedProperties {
                expect(fetched.name, at: fetched.location, isIgnored: PropertyAnnotations(userInfo: fetched.userInfo).isIgnored,
                       declaration: "[\(schema.entity(named: fetched.fetchRequest.entityName)?.customClassName ?? "NSManagedObject")]")
            }
        }
        return result
    }
}

/// A declared type as Objective-C sees it where a scalar may stand: an `@objc enum` is its raw type (Swift exposes
/// it as an `NS_ENUM` of that type), anything else itself.
struct ScalarDeclaration {
    var name: String
    /// The raw type when `name` is an `@objc enum` of the sources.
    var rawType: String?

    init(_ name: String, objcEnumRawTypes: [String: String]) {
        self.name = name
        rawType = objcEnumRawTypes[name].map(DeclaredType.droppingModules)
    }

    /// The name whose type encoding Core Data sees.
    var scalarName: String { rawType ?? name }

    /// `Kind (an @objc enum of Int16)`, or the name.
    var described: String { rawType.map { "\(name) (an @objc enum of \($0))" } ?? name }

    /// Its type encoding: "`s`", or "`q` on 64-bit platforms and `l` on arm64_32 watchOS"; nil for no scalar.
    var encodings: String? {
        let byPlatform = CoreDataBridging.ScalarPlatform.allCases.compactMap { platform in
            CoreDataBridging.encoding(ofScalar: scalarName, on: platform).map { (platform, $0) }
        }
        guard let first = byPlatform.first else { return nil }
        if byPlatform.allSatisfy({ $0.1 == first.1 }) { return "`\(first.1.rawValue)`" }
        return byPlatform.map { "`\($0.1.rawValue)` on \($0.0.rawValue)" }.joined(separator: " and ")
    }
}

/// A property's type as written: `Set<Shop.Tag>?` -> name `Set<Tag>`, optional; module prefixes dropped.
struct DeclaredType {
    var spelled: String
    /// Without optionality and module prefixes: `Date`, `Set<Tag>`, `[String:Any]`.
    var name: String
    /// `T?` or `Optional<T>`; `T!` is not: it traps at its first use when nil.
    var isOptional: Bool

    init(_ spelled: String) {
        self.spelled = spelled
        var text = Substring(spelled)
        isOptional = false
        if text.hasSuffix("?") {
            isOptional = true
            text = text.dropLast()
        } else if text.hasSuffix("!") {
            text = text.dropLast()
        } else if text.hasPrefix("Optional<"), text.hasSuffix(">") {
            isOptional = true
            text = text.dropFirst("Optional<".count).dropLast()
        }
        name = Self.droppingModules(String(text))
    }

    /// `Foundation.Date` -> `Date`, `Set<Shop.Tag>` -> `Set<Tag>`: each dotted name keeps its last component.
    static func droppingModules(_ text: String) -> String {
        var result = ""
        var word = ""
        for character in text {
            if character == "." {
                word = ""
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                result += word + String(character)
                word = ""
            }
        }
        return result + word
    }

    /// `Tag` for `Set<Tag>`; nil for anything else.
    var setElement: String? {
        guard name.hasPrefix("Set<"), name.hasSuffix(">") else { return nil }
        return String(name.dropFirst(4).dropLast())
    }
}
