import ArgumentParser
import Adoption
import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import SourceAudit

/// Every registry of rows (``Rule``), each with the id prefixes of its area: what `explain` looks ids up in, and what
/// `RuleRegistryTests` checks (ids unique across all of them, each of its area, each documented). A new registry is
/// added here once.
enum RuleRegistry {
    static let registries: [(areas: [String], rules: [Rule])] = [
        (["audit."], AuditRules.all), (["lock."], LockFacts.all + LockOrderRules.all), (["migration."], MigrationVerdicts.all),
        (["model."], ModelRules.all), (["generate.", "hooks."], GenerationRules.all),
        (["cloudkit."], CloudKitRules.all + CloudKitAppendOnly.all),
        (["migration-plan."], MigrationPlanRules.all), (["output."], OutputRules.all), (["history."], HistoryRules.all),
        (["config.", "settings."], ConfigRules.all), (["template."], TemplateRules.all), (["adopt."], AdoptRules.all),
        (["input."], InputRules.all), (["internal."], InternalRules.all),
    ]

    static var all: [Rule] { registries.flatMap(\.rules) }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print what a finding's rule means, why it matters and the ways out, by its id (`output.out-of-date`).",
        discussion: """
            Every warning and error managed-codegen reports has an id (WarningsAndErrors in the documentation \
            lists them). An unknown id is an error with the closest known one.
            """
    )

    @Argument(help: ArgumentHelp("The rule's id, e.g. migration-plan.missing-hook.", valueName: "rule-id"))
    var ruleID: String

    func run() throws {
        let rules = RuleRegistry.all
        guard let rule = rules.first(where: { $0.id == ruleID }) else {
            throw DiagnosticsError(Diagnostic(
                InputRules.unknownRule, "unknown rule '\(ruleID)'" + SpellingSuggestion.hint(for: ruleID, in: rules.map(\.id))
                    + " (the rules are listed in the WarningsAndErrors article)"))
        }
        print(Self.text(of: rule), terminator: "")
    }

    /// The id and severity, what is found, then why and what to change, each a paragraph.
    static func text(of rule: Rule) -> String {
        "\(rule.id) (\(rule.severity.documented))\n\n\(rule.summary)\n\n\(rule.documentation)\n"
    }
}
