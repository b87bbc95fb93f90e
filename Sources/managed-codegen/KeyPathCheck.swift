import Adoption
import CodeGeneration
import Foundation
import ManagedModel
import SourceAudit
import SwiftSourceScanning

/// The key-path call-site check `audit`, `generate` and `adopt` share: the app's sources against what the generated
/// classes declare for Objective-C, the declarations written in the sources winning (``KeyPathCallSites``).
enum KeyPathCheck {
    /// `excluding`: files that will be deleted (Xcode's `+CoreDataProperties.swift` during `adopt`), whose
    /// declarations no longer count. The plan is made with the default options.
    static func diagnostics(
        _ sources: [(path: String, text: String)], schema: Schema, declarations: ManagedDeclarationScan? = nil,
        excluding: Set<String> = []
    ) -> Diagnostics {
        guard sources.contains(where: { KeyPathCallSites.mayCallTrappingAPI($0.text) }) else { return Diagnostics() }
        let plan = CodeGenerator.makePlan(schema: schema, options: .init()).0
        return diagnostics(sources, plan: plan, declarations: declarations, excluding: excluding)
    }

    static func diagnostics(
        _ sources: [(path: String, text: String)], plan: GenerationPlan, declarations: ManagedDeclarationScan? = nil,
        excluding: Set<String> = []
    ) -> Diagnostics {
        let kept = sources.filter { !excluding.contains($0.path) }
        guard kept.contains(where: { KeyPathCallSites.mayCallTrappingAPI($0.text) }) else { return Diagnostics() }
        var properties = plan.keyPathProperties
        properties.override(with: declarations ?? .scanning(kept), excluding: excluding)
        return KeyPathCallSites.diagnostics(kept, properties: properties)
    }
}

/// The app as `adopt` leaves it: the entities it moves set to Manual/None (`entities`: the ones `adopt --entity`
/// moves, nil: all; the others stay with Xcode and keep its declarations), and the files it says to replace
/// (Xcode's and mogenerator's machine files, SwiftGen's output), whose `@NSManaged` declarations go away with them.
struct AdoptedSources {
    var schema: Schema
    var sources: [(path: String, text: String)]
    var replaced: Set<String>

    init(of schema: Schema, entities: Set<String>?, sources folders: [String], clashes: [ClashingSourceFile]) {
        var moved = schema
        for index in moved.entities.indices
        where moved.entities[index].codeGenerationType != .manual && entities?.contains(moved.entities[index].name) ?? true {
            moved.entities[index].codeGenerationType = .manual
        }
        self.schema = moved
        // Files named like a human file are kept (only listed); mogenerator's human files are kept too.
        replaced = Set(
            clashes.filter { $0.alwaysClashes && $0.origin != .mogeneratorHuman }.map { ($0.path as NSString).standardizingPath })
        sources = SwiftSourceFiles.read(SwiftSourceFiles.paths(under: folders))
    }
}
