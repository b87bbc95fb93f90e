import ArgumentParser
import ManagedCodegenConfig

/// `--reporter`, shared by every command that reports findings.
struct ReporterOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How findings are printed: xcode (path:line: error: message lines on standard error; default), json (one document), sarif (a SARIF 2.1.0 log, for GitHub code scanning) or github-actions (annotations on the pull request's diff). With json or sarif, standard output holds only the report.",
        valueName: "xcode|json|sarif|github-actions"))
    var reporter: ReportFormat?
}

extension ReportFormat: ExpressibleByArgument {}

/// A command whose findings `--reporter` formats. `main` sets the run's format from it before the command runs:
/// the flag, else the config file's `reporter` key, else `xcode`.
protocol ReportingCommand {
    var reporting: ReporterOptions { get }
    /// The config file whose `reporter` counts: `--config`, else `managed-codegen.yml` beside the model (nil: none,
    /// or `--no-config`).
    var reporterConfigPath: String? { get }
}

extension ReportingCommand {
    /// The flag, else the config file's key (a config file that does not load counts as none here: the command
    /// reports its errors when it reads it), else `xcode`.
    var reportFormat: ReportFormat {
        if let reporter = reporting.reporter { return reporter }
        guard let path = reporterConfigPath, let configFile = try? ConfigFile.load(path) else { return .xcode }
        return configFile.settings.reporter ?? .xcode
    }
}
