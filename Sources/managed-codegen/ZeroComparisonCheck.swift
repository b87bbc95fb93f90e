import CodeGeneration
import Foundation
import ManagedModel
import SourceAudit

/// The check `audit` and `adopt` share for comparisons with zero that turn once an entity's optional scalars are
/// generated as `T?` (``ZeroComparisons``): the app's sources against what the generated classes declare, the
/// declarations written in the sources winning (a hand-written `@NSManaged var rating: Int16` still reads nil as 0).
enum ZeroComparisonCheck {
    /// `excluding`: files `adopt` says to replace, whose declarations no longer count. Their comparisons still do:
    /// Xcode's `+CoreDataClass.swift` keeps its code once its class becomes an extension.
    static func diagnostics(
        _ sources: [(path: String, text: String)], schema: Schema, declarations: ManagedDeclarationScan? = nil,
        excluding: Set<String> = []
    ) -> Diagnostics {
        guard sources.contains(where: { ZeroComparisons.mayCompare($0.text) }) else { return Diagnostics() }
        let declarations = declarations ?? .scanning(sources)
        var properties = CodeGenerator.makePlan(schema: schema, options: .init()).0.keyPathProperties
        properties.override(with: declarations, excluding: excluding)
        return ZeroComparisons.diagnostics(sources, properties: properties, declarations: declarations)
    }

    /// `adopt --sources`: the comparisons on the properties of the entities this run moves.
    static func afterAdoption(_ adopted: AdoptedSources) -> Diagnostics {
        diagnostics(adopted.sources, schema: adopted.schema, excluding: adopted.replaced)
    }
}
