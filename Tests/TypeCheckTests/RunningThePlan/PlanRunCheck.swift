import CodeGeneration
import Foundation
import ManagedModel
import ModelLock
import Testing

/// Runs a generated plan against the staged-migration model for a store of every version: each reaches the current
/// version, calls the hooks of the hops it crosses in order (its context open under the hop's source version, its
/// model naming none of the app's classes), migrates only where `migration-check` infers the hop (lightweight: with
/// no hook needed), never raises; and with the store loaded the app's classes resolve to one entity each.
struct PlanRunCheck {
    var app: StagedMigrationApp
    /// The versions stores can be at, in the order they shipped (the lock's, then the current one if not locked).
    var order: [Schema]
    var current: Schema
    var plan: String

    /// A store of every version of `order`, one after the other.
    func run() throws {
        let fingerprints = order.map { StoreFingerprint($0).hash }
        // A version with an earlier version's store schema is that version to Core Data (one checksum).
        let representative = order.indices.map { index in order[fingerprints.firstIndex(of: fingerprints[index])!].versionName }
        let checksums = try app.checksums(of: order.map(\.versionName) + [current.versionName])
        let versionOfChecksum = Dictionary(order.indices.map { (checksums[order[$0].versionName] ?? "", representative[$0]) }, uniquingKeysWith: { first, _ in first })
        let schemas = Dictionary(order.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        let declared = Set(StagedMigrationApp.hookNames(calledBy: plan))
        // The hops in the shipped order, each with the hook the plan calls for it (none: a lightweight hop).
        let hops: [(index: Int, from: String, hook: String?)] = order.indices.dropLast().compactMap { index in
            guard fingerprints[index] != fingerprints[index + 1] else { return nil }
            let hook = MigrationPlanFile.hookName(from: representative[index], to: representative[index + 1])
            return (index, representative[index], declared.contains(hook) ? hook : nil)
        }
        let upToDate = fingerprints.indices.filter { fingerprints[$0] == StoreFingerprint(current).hash }
        for index in order.indices {
            let version = order[index].versionName
            try app.createStore(version, version: version)
            let run = try app.open(version)
            let context = "store of '\(version)':\n\(run)"
            if ProcessInfo.processInfo.environment["MANAGED_CODEGEN_PLAN_RUN_VERBOSE"] == "1" { print(context) }
            #expect(run.raised == nil, "\(context)")
            #expect(run.result == ["opened", checksums[current.versionName] ?? "?"], "\(context)")
            let expectedHooks = hops.filter { $0.index >= index }.compactMap(\.hook)
            #expect(run.hookCalls.map(\.name) == expectedHooks, "\(context)")
            for call in run.hookCalls {
                let from = hops.first { $0.hook == call.name }?.from
                #expect(versionOfChecksum[call.checksum] == from, "\(call.name) ran with its store open under \(versionOfChecksum[call.checksum] ?? call.checksum), not '\(from ?? "?")'")
                #expect(call.classes.isEmpty, "\(call.name)'s context model names the app's classes \(call.classes): its objects are not plain NSManagedObjects")
            }
            // Every migration the model ran is inferred (a custom stage has no mapping model either): migration-check
            // must infer it, and a lightweight one must need no hook.
            for event in run.events where (event.first == "lightweight" || event.first == "custom") && event.count == 3 {
                guard let from = versionOfChecksum[event[1]].flatMap({ schemas[$0] }),
                      let to = versionOfChecksum[event[2]].flatMap({ schemas[$0] }) ?? (event[2] == checksums[current.versionName] ? current : nil)
                else {
                    Issue.record("\(context)\n\(event[0]) migration between unknown checksums \(event)")
                    continue
                }
                let refused = MigrationCheck.findings(from: from, to: to)
                    .filter { $0.kind == .notInferable || ($0.kind == .mayFail && event[0] == "lightweight") }
                #expect(refused.isEmpty, "store of '\(version)': the plan migrates '\(from.versionName)' straight to '\(to.versionName)' (\(event[0])), which migration-check refuses: \(refused.map(\.message))")
            }
            for (className, count) in run.claims {
                #expect(count == 1, "store of '\(version)': \(count) entities of live models claim \(className) after loading (+entity is nil unless one does)")
            }
            if upToDate.contains(index), plan.contains("static func configure(") {
                #expect(run.loadedModels == [current.versionName + ".mom"], "an up-to-date store loaded old model versions: \(run.loadedModels)")
            }
        }
    }
}
