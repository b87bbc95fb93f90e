import ManagedModel

/// Hand-written managed-object classes checked against the model (`managed-codegen audit`): what each `@NSManaged`
/// declaration asks of Core Data, against what the model says Core Data will serve (``CoreDataBridging``).
///
/// Reported at the declaration, or at the model's line for a property no class declares:
/// - a model property without a declaration: a warning (an error when `strict`); the entity's class missing from
///   the sources likewise;
/// - an `@NSManaged` property with no model property under its key: an error (Core Data raises at first access);
/// - a type Core Data cannot serve for the property: an error; `Int` over Integer 64, which it serves where `Int` is
///   64 bits: a warning;
/// - `@NSManaged` primitive accessors (`primitiveUpdatedAt` for `updatedAt`): accepted, Core Data implements them;
/// - a scalar over an attribute whose "Use Scalar Type" is off: a warning (Core Data converts; the model and the
///   class disagree);
/// - a non-optional declaration over a value that can be nil (optional, transient or derived): an error, but a
///   warning for a scalar, which reads nil as zero (Xcode's codegen declares optional scalars so); an optional one
///   over a required value: a warning;
/// - an `@NSManaged` method whose selector is not one Core Data implements for a to-many relationship: an error.
///
/// One diagnostic per declaration: the first problem found, in that order. Entities whose classes Xcode generates
/// (Codegen Class Definition or Category/Extension) get their declarations checked, not their missing ones;
/// ignored entities and properties (`managedCodegen.ignore`) and names Swift cannot declare are not expected.
public struct SourceAudit {
    public let schema: Schema
    public let declarations: ManagedDeclarationScan
    public let strict: Bool

    public init(schema: Schema, declarations: ManagedDeclarationScan, strict: Bool = false) {
        self.schema = schema
        self.declarations = declarations
        self.strict = strict
    }

    /// Every finding, sorted by file and line.
    public func diagnostics() -> Diagnostics {
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
                        missing(
                            "entity '\(entity.name)' names the class \(className), but no class or extension in the sources declares it",
                            at: entity.location))
                }
                continue
            }
            let own = declarations.members.filter { swiftNames.contains($0.typeName) }
            for member in own where member.isManaged {
                if let diagnostic = check(member, in: entity) { found.append(diagnostic) }
            }
            if entity.codeGenerationType == .manual {
                for diagnostic in missingDeclarations(of: entity, className: className)
                where reportedMissing.insert(diagnostic.location!).inserted {
                    found.append(diagnostic)
                }
            }
        }
        return Diagnostics(found.sorted { ($0.location?.path ?? "", $0.location?.line ?? 0) < ($1.location?.path ?? "", $1.location?.line ?? 0) })
    }

    private func missing(_ message: String, at location: SourceLocation) -> Diagnostic {
        strict ? .error(message, at: location) : .warning(message, at: location)
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

    private func check(_ member: ManagedDeclarationScan.Member, in entity: Entity) -> Diagnostic? {
        switch member.kind {
        case .method(let selector):
            let selectors = schema.allRelationships(of: entity).filter(\.isToMany).flatMap {
                CoreDataBridging.toManySelectors(key: $0.name, isOrdered: $0.isOrdered)
            }
            guard !selectors.contains(selector) else { return nil }
            let hint = SpellingSuggestion.closest(to: selector, in: selectors).map { " (did you mean '\($0)'?)" } ?? ""
            return .error(
                "@NSManaged method '\(member.name)' has the selector '\(selector)'\(hint), which Core Data does not implement "
                    + "for entity '\(entity.name)': calling it raises 'unrecognized selector'",
                at: member.location)
        case .property(let type, _):
            let key = member.key
            if let attribute = schema.allAttributes(of: entity).first(where: { $0.name == key }) {
                return type.flatMap { check(DeclaredType($0), of: member, against: attribute, in: entity) }
            }
            if let relationship = schema.allRelationships(of: entity).first(where: { $0.name == key }) {
                return type.flatMap { check(DeclaredType($0), of: member, against: relationship, in: entity) }
            }
            if schema.allFetchedProperties(of: entity).contains(where: { $0.name == key }) { return nil }
            let names = schema.allAttributes(of: entity).map(\.name) + schema.allRelationships(of: entity).map(\.name)
            // Core Data implements it; what it holds is the stored object value, whatever the public accessor's type.
            if CoreDataBridging.primitiveAccessorKey(key, among: names) != nil { return nil }
            return .error(
                "@NSManaged property '\(member.name)'\(member.objcName == nil ? "" : " (key '\(key)')") is not a property of entity "
                    + "'\(entity.name)'\(SpellingSuggestion.hint(for: key, in: names)): Core Data raises an exception at its first access",
                at: member.location)
        }
    }

    private func check(
        _ written: DeclaredType, of member: ManagedDeclarationScan.Member, against attribute: Attribute, in entity: Entity
    ) -> Diagnostic? {
        var declared = written
        declared.name = CoreDataBridging.canonicalScalarName(written.name, for: attribute.type)
        let subject = "'\(member.name)' is declared \(declared.spelled), but attribute '\(entity.name).\(attribute.name)'"
        let stored = SwiftTypeTable.storedType(of: attribute)
        var isScalar = stored.storage == .scalar
        var widthWarning: Diagnostic?
        if let accepted = CoreDataBridging.acceptedTypes(for: attribute.type) {
            let isPlatformWidth = CoreDataBridging.isPlatformWidthScalar(declared.name, for: attribute.type)
            if isPlatformWidth {
                widthWarning = .warning(
                    "\(subject) is \(attribute.type.rawValue): Int is the same 64-bit scalar on 64-bit platforms, but 32 bits on "
                        + "arm64_32 watchOS, where larger values do not fit; declare \(Self.managedDeclaration(of: attribute))",
                    at: member.location)
            }
            guard accepted.objects.contains(declared.name) || accepted.scalars.contains(declared.name) || isPlatformWidth else {
                let choices = (accepted.objects.sorted() + accepted.scalars.sorted()).joined(separator: ", ")
                return .error(
                    "\(subject) is \(attribute.type.rawValue), which Core Data cannot serve as \(declared.name) (it serves \(choices)); "
                        + "declare \(Self.managedDeclaration(of: attribute))",
                    at: member.location)
            }
            isScalar = accepted.scalars.contains(declared.name) || isPlatformWidth
            // Xcode 8's checkbox: absent on older numeric attributes (scalar then), off by default for Date.
            let scalarIsOn = attribute.type == .date ? attribute.usesScalarValueType == true : attribute.usesScalarValueType != false
            if isScalar, !scalarIsOn {
                return .warning(
                    "\(subject) has 'Use Scalar Type' off: Core Data converts, but the model and the class disagree "
                        + "(Xcode's codegen declares \(stored.name)); turn 'Use Scalar Type' on, or declare \(stored.declaration)",
                    at: member.location)
            }
        }
        let mayBeNil = Attribute.mayReadNil(isOptional: attribute.isOptional, isTransient: attribute.isTransient, isDerived: attribute.isDerived)
        let why = attribute.isOptional ? "optional" : attribute.isTransient ? "transient (a refresh discards it)" : "derived (computed at save)"
        if mayBeNil, !declared.isOptional {
            let fix = isScalar
                ? "declare a computed \(declared.name)? over value(forKey:) (Swift cannot declare @NSManaged \(declared.name)?)"
                : "declare \(declared.name)?"
            // A scalar reads nil as its zero (as Xcode's own codegen declares it): a value lost, not a trap, so a
            // warning; the object types that trap or hand out nil are errors.
            let message =
                "\(subject) is \(why): a non-optional property \(CoreDataBridging.nilReadBehaviour(of: declared.name, isScalar: isScalar)); \(fix)"
            return isScalar ? .warning(message, at: member.location) : .error(message, at: member.location)
        }
        if !mayBeNil, declared.isOptional {
            return .warning("\(subject) is required: declare \(declared.name)", at: member.location)
        }
        return widthWarning
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
        let destinationClass = destination?.customClassName ?? "NSManagedObject"
        guard relationship.isToMany else {
            guard classes.contains(declared.name) else {
                return .error("\(subject) holds \(destinationClass) objects; declare \(destinationClass)", at: member.location)
            }
            let mayBeNil = relationship.isOptional || relationship.isTransient
            if mayBeNil, !declared.isOptional {
                let why = relationship.isOptional ? "optional" : "transient (a refresh discards it)"
                return .error(
                    "\(subject) is \(why): a non-optional property \(CoreDataBridging.nilReadBehaviour(of: declared.name, isScalar: false)); "
                        + "declare \(declared.name)?",
                    at: member.location)
            }
            if !mayBeNil, declared.isOptional {
                return .warning("\(subject) is required: declare \(declared.name)", at: member.location)
            }
            return nil
        }
        // Optionality is not checked for to-many relationships: Core Data hands out an empty collection for an
        // object without members, and Xcode's codegen declares `NSSet?` / `NSOrderedSet?`.
        if relationship.isOrdered {
            guard declared.name == "NSOrderedSet" else {
                return .error(
                    "\(subject) is ordered: Core Data serves an NSOrderedSet, which does not bridge to \(declared.name); declare NSOrderedSet",
                    at: member.location)
            }
            return nil
        }
        if declared.name == "NSSet" { return nil }
        if let element = declared.setElement {
            if classes.contains(element) || element == "AnyHashable" { return nil }
            return .error("\(subject) holds \(destinationClass) objects; declare Set<\(destinationClass)>", at: member.location)
        }
        return .error(
            "\(subject) is an unordered to-many: Core Data serves an NSSet, which does not bridge to \(declared.name); "
                + "declare Set<\(destinationClass)>",
            at: member.location)
    }

    /// What to declare `@NSManaged` for `attribute`: its stored type, except for an optional scalar, which Objective-C
    /// cannot represent (`@NSManaged var flag: Bool?` does not compile): its object class, `NSNumber?` or `Date?`.
    static func managedDeclaration(of attribute: Attribute) -> String {
        let stored = SwiftTypeTable.storedType(of: attribute)
        guard stored.storage == .scalar, stored.isOptional else { return stored.declaration }
        return (attribute.type == .date ? "Date" : "NSNumber") + "?"
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
                    missing(
                        "property '\(owner.name).\(name)' has no declaration in \(className) (or an extension of it); declare "
                            + "`@NSManaged var \(SwiftNames.escaped(name)): \(declaration())`, or read it with value(forKey:)",
                        at: location))
            }
            for attribute in owner.attributes {
                expect(attribute.name, at: attribute.location, isIgnored: attribute.annotations.isIgnored,
                       declaration: Self.managedDeclaration(of: attribute))
            }
            for relationship in owner.relationships {
                let destination = schema.entity(named: relationship.destinationEntity)?.customClassName ?? "NSManagedObject"
                let type = relationship.isToMany
                    ? relationship.isOrdered ? "NSOrderedSet" : "Set<\(destination)>"
                    : relationship.isOptional || relationship.isTransient ? destination + "?" : destination
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
