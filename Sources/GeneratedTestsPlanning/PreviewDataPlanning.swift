import CoreDataMapping
import GenerationPlanning
import ManagedModel
import SampleValues

/// `<Model>PreviewData.swift` (`generate --preview-data`): what the `preview-data` template writes, decided here.
///
/// Every concrete generated entity whose required values all have a sample gets a maker: the object created through
/// its designated initializer with a value for every attribute that has one (rows of the same values the generated
/// tests prove valid, ``SampleValueSynthesizer``) and a new object, made by the destination's own maker, for each
/// required relationship. Which row an object takes is counted at run time (the objects of its inheritance tree
/// already in the context), so objects made one after another in a context differ, their required destinations
/// included, and uniqueness constraints hold while the rows last (``SampleValueSynthesizer/distinctVariants``).
package struct PreviewDataPlan: Hashable, Sendable {
    /// One attribute's values, by row; the last row is the `.longest` variant's.
    package struct ValueTable: Hashable, Sendable {
        /// The static property holding the values (`itemName`).
        package var name: String
        /// The element type (`String`).
        package var elementType: String
        package var values: [String]
    }

    /// One entity's maker and its `Previewable` conformance.
    package struct Maker: Hashable, Sendable {
        package var entityName: String
        package var className: String
        /// How the generated tests name the class (`Inventory.Item`: ``GeneratedTestModel/typeReference(_:)``).
        package var testClassReference: String
        /// `makeItem`.
        package var methodName: String
        /// The statements creating the object (the last returns it).
        package var statements: [String]
        /// The class declares the conformance; a sub-entity's class inherits its parent's.
        package var declaresConformance: Bool
        /// The generated tests' method checking that its previews save: `testItemPreviewsSave`.
        package var testName: String
        /// How many `makeContainer()` makes: 3, fewer where the objects of an inheritance tree with a uniqueness
        /// constraint would outnumber the rows (``PreviewDataPlanner/fillCounts(_:)``).
        package var fillCount = PreviewDataPlanner.fillCount
    }

    package var fileName: String
    /// `InventoryPreviewData`.
    package var typeName: String
    /// `InventoryPreviewable`: the protocol carrying `makePreview(in:variant:)` and `makePreviews(count:in:)`.
    package var protocolName: String
    package var modelName: String
    /// Where the compiled model is looked for, in order: `Bundle(for: Item.self), Bundle.main` (the module's bundle,
    /// then the app's); `Bundle.module` first with `--tests-model-bundle module` (a SwiftPM target's resources).
    package var bundleList: String
    /// The rows a maker counts through: `SampleValueSynthesizer.distinctVariants`.
    package var rowCount: Int
    package var makers: [Maker]
    package var tables: [ValueTable]
    /// The file's own type names, nested in `typeName` (and the generic parameter of its `make`): `Variant`,
    /// `Failure`, … unless a generated class has that name, which inside the enum they would hide (`Preview…` then).
    package var names: HelperNames

    package struct HelperNames: Hashable, Sendable {
        package var variant = "Variant"
        package var failure = "Failure"
        package var compiledModel = "CompiledModel"
        package var work = "Work"
        package var values = "Values"
        package var object = "Object"

        /// The defaults, each one a class is named prefixed with `Preview` (again, while a class has that name).
        init(avoiding classNames: Set<String>) {
            for keyPath in [\HelperNames.variant, \.failure, \.compiledModel, \.work, \.values, \.object] {
                while classNames.contains(self[keyPath: keyPath]) { self[keyPath: keyPath] = "Preview" + self[keyPath: keyPath] }
            }
        }
    }
}

/// Plans ``PreviewDataPlan`` from the schema, the generation plan and the tests' view of them (``GeneratedTestModel``).
package struct PreviewDataPlanner {
    let model: GeneratedTestModel
    let plan: GenerationPlan
    let modelBundle: GeneratorOptions.TestsModelBundle
    package private(set) var diagnostics = Diagnostics()

    package init(schema: Schema, plan: GenerationPlan, options: GeneratorOptions) {
        self.plan = plan
        self.modelBundle = options.testsModelBundle
        self.model = GeneratedTestModel(schema: schema, plan: plan, moduleName: options.moduleName ?? schema.modelName)
    }

    private struct Failure: Error {
        var reason: String
        var location: SourceLocation?
    }

    /// Every reason an entity gets no maker: each required value without a sample is named at its own line.
    private struct Failures: Error {
        var all: [Failure]
    }

    /// nil when the model has no generated class.
    package mutating func makePlan() -> PreviewDataPlan? {
        guard let anchor = plan.classes.first else { return nil }
        let typeName = SwiftNames.modelTypeName(model.schema.modelName)
        let candidates = plan.classes.filter { $0.initializer != nil && !$0.isAbstract }.sorted { $0.className < $1.className }
        let names = PreviewDataPlan.HelperNames(avoiding: Set(plan.classes.map(\.className)))
        var tables = TableIndex()
        var planned: [String: (maker: PreviewDataPlan.Maker, tables: [String], destinations: [String])] = [:]
        var failures: [String: [Failure]] = [:]
        for classPlan in candidates {
            switch maker(for: classPlan, values: names.values, tables: &tables) {
            case .success(let made): planned[classPlan.entityName] = made
            case .failure(let failure): failures[classPlan.entityName] = failure.all
            }
        }
        // An entity whose required destination has no maker has none either (until nothing changes).
        var changed = true
        while changed {
            changed = false
            for (entityName, made) in planned.sorted(by: { $0.key < $1.key }) {
                guard let missing = Set(made.destinations).sorted().first(where: { planned[$0] == nil }) else { continue }
                let location = model.entity(entityName)?.location
                failures[entityName] = [Failure(
                    reason: "its required relationships need a \(missing), which has no preview", location: location)]
                planned[entityName] = nil
                changed = true
            }
        }
        for classPlan in candidates {
            for failure in failures[classPlan.entityName] ?? [] {
                diagnostics.report(
                    GenerationRules.previewNotGenerated,
                    "entity '\(classPlan.entityName)': no preview data is generated: \(failure.reason)", at: failure.location)
            }
        }
        let counts = fillCounts(planned.mapValues(\.destinations))
        let makers = candidates.compactMap { candidate in
            planned[candidate.entityName].map { made in
                var maker = made.maker
                maker.fillCount = counts[candidate.entityName] ?? Self.fillCount
                return maker
            }
        }
        let madeEntities = Set(makers.map(\.entityName))
        return PreviewDataPlan(
            fileName: "\(typeName)PreviewData.swift", typeName: "\(typeName)PreviewData", protocolName: "\(typeName)Previewable",
            modelName: model.schema.modelName,
            bundleList: (modelBundle == .module ? "Bundle.module, " : "") + "Bundle(for: \(anchor.className).self), Bundle.main",
            rowCount: SampleValueSynthesizer.distinctVariants,
            makers: makers.map { maker in
                var maker = maker
                // Conformance is inherited: only the top-most class with a maker declares it.
                maker.declaresConformance = !ancestorNames(of: maker.entityName).contains { madeEntities.contains($0) }
                return maker
            },
            tables: tables.tables(named: Set(candidates.flatMap { planned[$0.entityName]?.tables ?? [] })),
            names: names)
    }

    /// The objects `makeContainer()` makes of each entity with previews.
    package static let fillCount = 3

    /// How many objects of each entity `makeContainer()` makes: `fillCount`, reduced (to 1 at least, the largest first)
    /// while the objects made of an inheritance tree with a uniqueness constraint, required destinations included,
    /// outnumber the rows of distinct values: the container's save would fail on a repeated value. `destinations`:
    /// the entities each maker's call makes directly, one entry an object.
    func fillCounts(_ destinations: [String: [String]]) -> [String: Int] {
        // The objects of each tree one call makes, its destinations' calls included (required relationships form no
        // cycle here: an entity in a cycle has no maker).
        var memo: [String: [String: Int]] = [:]
        func made(by entityName: String, depth: Int = 0) -> [String: Int] {
            if let known = memo[entityName] { return known }
            var trees = [tree(of: entityName): 1]
            if depth < 32 {
                for destination in destinations[entityName] ?? [] {
                    trees.merge(made(by: destination, depth: depth + 1), uniquingKeysWith: +)
                }
            }
            memo[entityName] = trees
            return trees
        }
        let constrained = Set(model.schema.entities.map(\.name).filter { model.hasUniquenessConstraints($0) }.map(tree(of:)))
        let rows = SampleValueSynthesizer.distinctVariants
        var counts = destinations.mapValues { _ in Self.fillCount }
        for tree in constrained.sorted() {
            while true {
                let contributors = counts.keys.filter { (made(by: $0)[tree] ?? 0) > 0 }
                let total = contributors.reduce(0) { $0 + counts[$1]! * made(by: $1)[tree]! }
                guard total > rows,
                    let largest = contributors.filter({ counts[$0]! > 1 }).max(by: { (counts[$0]!, $1) < (counts[$1]!, $0) })
                else { break }
                counts[largest]! -= 1
            }
        }
        return counts
    }

    /// The root of `entityName`'s inheritance tree.
    private func tree(of entityName: String) -> String { ancestorNames(of: entityName).first ?? entityName }

    private func ancestorNames(of entityName: String) -> [String] {
        guard let entity = model.entity(entityName) else { return [] }
        return model.schema.ancestors(of: entity).map(\.name)
    }

    private func maker(for classPlan: ClassPlan, values valuesType: String, tables: inout TableIndex) -> Result<
        (maker: PreviewDataPlan.Maker, tables: [String], destinations: [String]), Failures
    > {
        guard let initializer = classPlan.initializer else { return .failure(Failures(all: [Failure(reason: "it has no initializer")])) }
        var valueFailures: [Failure] = []
        let entityName = classPlan.entityName
        let attributes = model.attributes(of: entityName)
        let relationships = model.relationships(of: entityName)
        let rows = SampleValueSynthesizer.distinctVariants
        var arguments: [String] = []
        var usedTables: [String] = []
        /// One entry per object a call makes directly (a to-many's members each).
        var destinations: [String] = []
        for parameter in initializer.parameters {
            if let attribute = attributes[parameter.key] {
                var values: [String] = []
                sampling: for variant in 0..<rows {
                    switch model.sampleLiteral(attribute, entityName: entityName, variant: variant) {
                    case .success(let literal): values.append(literal)
                    case .failure(let failure):
                        // An optional value without a sample is left to its default.
                        if parameter.defaultValue == nil {
                            valueFailures.append(Failure(
                                reason: "attribute '\(entityName).\(attribute.name)' has no valid sample value (\(failure.reason))",
                                location: attribute.location))
                        }
                        break sampling
                    }
                }
                guard values.count == rows else { continue }
                values.append(longestLiteral(attribute, entityName: entityName) ?? values[0])
                var elementType = parameter.typeDeclaration
                if elementType.hasSuffix("?") { elementType.removeLast() }
                let name = tables.name(
                    for: elementType, values,
                    proposing: [parameter.key, ObjectGraphBuilder.variableName(forClass: classPlan.className) + SwiftNames.capitalizedFirst(parameter.key)])
                usedTables.append(name)
                arguments.append("\(parameter.swiftName): \(valuesType).\(name)[row]")
                continue
            }
            guard let relationship = relationships[parameter.key] else { continue }
            if GeneratedTestModel.isBroken(relationship, parameter: parameter) {
                return .failure(Failures(all: valueFailures + [Failure(
                    reason: "relationship '\(entityName).\(relationship.name)' is part of a cycle of required relationships, "
                        + "which preview data does not break yet",
                    location: relationship.location)]))
            }
            guard parameter.defaultValue == nil else { continue }
            guard let destination = model.concreteEntity(for: relationship.destinationEntity),
                let destinationClass = model.classes[destination]
            else {
                return .failure(Failures(all: valueFailures + [Failure(
                    reason: "relationship '\(entityName).\(relationship.name)' needs a \(relationship.destinationEntity), "
                        + "which has no generated class that creates one",
                    location: relationship.location)]))
            }
            let call = "make\(destinationClass.className)(variant, in: context)"
            if relationship.isToMany {
                let count = relationship.destinationsGivenByTests
                destinations += Array(repeating: destination, count: count)
                arguments.append("\(parameter.swiftName): [\(Array(repeating: call, count: count).joined(separator: ", "))]")
            } else {
                destinations.append(destination)
                arguments.append("\(parameter.swiftName): \(call)")
            }
        }
        if !valueFailures.isEmpty { return .failure(Failures(all: valueFailures)) }
        // An entity whose initializer takes no value (optional attributes only) needs no row: an unused `row` warns.
        let statements = (usedTables.isEmpty ? [] : [
            "let row = nextRow(of: \(SwiftSourceText.stringLiteral(tree(of: entityName))), variant, in: context)",
        ]) + [
            ObjectGraphBuilder.call("return \(classPlan.className)", context: "context", arguments: arguments, contextLabel: initializer.contextLabel),
        ]
        let maker = PreviewDataPlan.Maker(
            entityName: entityName, className: classPlan.className, testClassReference: model.typeReference(classPlan.className),
            methodName: "make\(classPlan.className)",
            statements: statements, declaresConformance: true, testName: "test\(classPlan.className)PreviewsSave")
        return .success((maker, usedTables, destinations))
    }

    /// The `.longest` row's value, when it differs from the typical one's type handling (synthesized values only).
    private func longestLiteral(_ attribute: Attribute, entityName: String) -> String? {
        guard attribute.annotations.override == nil, attribute.type != .composite else { return nil }
        let type = model.declaredType(of: attribute, in: entityName)
        return model.synthesizer.longestSample(for: attribute, entityName: entityName).value?.swiftExpression(as: type.valueType)
    }

}

/// The value tables of a preview file: one per distinct list of values of one type, named after the first attribute
/// that has it (`name`; `itemName` when another list took `name`), shared by every attribute with the same values
/// (Inventory's `Item.name`, `Person.name` and `Tag.name`): a sixth of the size for the benchmark model, whose entities
/// repeat attribute names (Benchmarks/README.md, "The preview data").
private struct TableIndex {
    private struct Content: Hashable {
        var elementType: String
        var values: [String]
    }

    private var byContent: [Content: String] = [:]
    private var ordered: [PreviewDataPlan.ValueTable] = []
    private var names: Set<String> = []

    /// Names a `Values` member and a local function cannot take, or take only in backticks.
    private static let reserved: Set<String> = ["Type", "Protocol", "self", "Self", "init", "text"]

    /// The name of the table of `values`: an existing one with the same values, else the first of `proposals` (the
    /// attribute's key, then the entity's and the key's) that is free and a plain identifier, numbered if none is.
    mutating func name(for elementType: String, _ values: [String], proposing proposals: [String]) -> String {
        let content = Content(elementType: elementType, values: values)
        if let existing = byContent[content] { return existing }
        let usable = proposals.filter { SwiftNames.isIdentifier($0) && !SwiftNames.isKeyword($0) && !Self.reserved.contains($0) }
        let base = usable.last ?? "value"
        var name = usable.first { !names.contains($0) } ?? base
        var counter = 2
        while names.contains(name) {
            name = "\(base)\(counter)"
            counter += 1
        }
        names.insert(name)
        byContent[content] = name
        ordered.append(PreviewDataPlan.ValueTable(name: name, elementType: elementType, values: values))
        return name
    }

    /// The tables `used` names, in the order they were first asked for.
    func tables(named used: Set<String>) -> [PreviewDataPlan.ValueTable] { ordered.filter { used.contains($0.name) } }
}
