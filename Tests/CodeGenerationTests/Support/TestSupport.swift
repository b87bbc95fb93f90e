import Foundation
import ManagedModel

@testable import CodeGeneration

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions).
@_exported import TestSupport

extension TestSupport {
    static var expectedGenerated: URL { expected.appendingPathComponent("Generated") }

    static func plan(_ schema: Schema, _ options: GeneratorOptions = .init()) -> (GenerationPlan, Diagnostics) {
        CodeGenerator.makePlan(schema: schema, options: options)
    }
}

extension ClassPlan {
    var parameterNames: [String] { initializer?.parameters.map(\.swiftName) ?? [] }

    func parameter(_ name: String) -> InitializerPlan.Parameter? {
        initializer?.parameters.first { $0.key == name }
    }
}

extension GenerationPlan {
    func `class`(_ entityName: String) -> ClassPlan? { classes.first { $0.entityName == entityName } }
}

/// Small schemas for one planner rule each.
enum Build {
    static func location(_ line: Int) -> SourceLocation { SourceLocation(path: "/m/M.xcdatamodeld/M.xcdatamodel/contents", line: line) }

    static func entity(
        _ name: String, line: Int = 1, parent: String? = nil, children: [String] = [], abstract: Bool = false,
        codegen: CodeGenerationType = .manual, className: String?? = .none, attributes: [Attribute] = [],
        relationships: [Relationship] = []
    ) -> Entity {
        let resolvedClass: String? = className ?? name
        return Entity(
            name: name, location: location(line), representedClassName: resolvedClass, className: resolvedClass,
            parentName: parent, childNames: children, isAbstract: abstract, codeGenerationType: codegen,
            attributes: attributes, relationships: relationships)
    }

    static func toOne(_ name: String, _ destination: String, optional: Bool = false, line: Int = 1) -> Relationship {
        Relationship(name: name, location: location(line), destinationEntity: destination, isOptional: optional, maxCount: 1)
    }

    static func schema(_ entities: [Entity], configurations: [Configuration] = []) -> Schema {
        Schema(
            contentsPath: "/m/M.xcdatamodeld/M.xcdatamodel/contents", modelName: "M", versionName: "M",
            entities: entities, configurations: configurations)
    }
}
