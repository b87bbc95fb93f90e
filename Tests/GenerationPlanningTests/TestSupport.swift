import Foundation
import ManagedModel

import CodeGeneration
@testable import GenerationPlanning

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions).
@_exported import TestSupport

extension TestSupport {
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
