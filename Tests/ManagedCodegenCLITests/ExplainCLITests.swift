import Foundation
import Testing

@testable import managed_codegen

/// `managed-codegen explain <rule-id>`: a rule's documentation by its id, from the one registry the documentation's
/// tables and `RuleRegistryTests` use; a typo gets the closest id.
@Suite struct ExplainCLITests {
    @Test func aKnownIdPrintsItsRow() throws {
        let run = try CLI.run(["explain", "migration-plan.missing-hook"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let rule = try #require(RuleRegistry.all.first { $0.id == "migration-plan.missing-hook" })
        #expect(run.stdout == Explain.text(of: rule))
        #expect(run.stdout.hasPrefix("migration-plan.missing-hook (warning)\n\n"))
        #expect(run.stdout.contains("willMigrate<From>To<To>"), "the ways out are printed")
    }

    @Test func aTypoIsAnErrorWithTheClosestId() throws {
        let run = try CLI.run(["explain", "output.out-of-dat"])
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr.contains("error: unknown rule 'output.out-of-dat'; did you mean 'output.out-of-date'?"), "\(run.stderr)")
    }

    /// Every id the registry holds can be explained (the command reads the same list).
    @Test func everyRuleHasAText() {
        let ids = RuleRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count && ids.count > 50)
        for rule in RuleRegistry.all { #expect(Explain.text(of: rule).split(separator: "\n", omittingEmptySubsequences: false).count >= 6) }
    }
}
