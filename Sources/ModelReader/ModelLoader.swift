import ManagedModel

/// A model version read and resolved, with everything noticed on the way (warnings and notes;
/// `ModelLoader` throws instead of returning when there were errors).
public struct LoadedModel: Sendable {
    public var bundle: ModelBundle
    public var schema: Schema
    public var diagnostics: Diagnostics

    public init(bundle: ModelBundle, schema: Schema, diagnostics: Diagnostics) {
        self.bundle = bundle
        self.schema = schema
        self.diagnostics = diagnostics
    }
}

/// The reader stage's entry point: path -> bundle -> XML -> resolved, checked `Schema`.
public enum ModelLoader {
    /// Reads the current version (or `version`).
    /// - Throws: `DiagnosticsError` when any error was found; it carries the warnings too.
    public static func load(_ path: String, version: String? = nil) throws -> LoadedModel {
        var diagnostics = Diagnostics()
        let bundle = try locate(path, diagnostics: &diagnostics)
        let location = try bundle.version(named: version)
        return try load(location, of: bundle, diagnostics: diagnostics)
    }

    /// Reads version `name` of a bundle already located: a model's other versions, without looking at its folder
    /// again (locating sorts the version names: 5 M instructions a read over a 117-version history).
    /// - Throws: `DiagnosticsError` when any error was found, or the bundle has no such version.
    public static func load(version name: String, of bundle: ModelBundle) throws -> LoadedModel {
        try load(try bundle.version(named: name), of: bundle, diagnostics: Diagnostics())
    }

    /// Every version, natural order. Bundle warnings (e.g. a guessed current version) go to every version's diagnostics.
    /// - Throws: `DiagnosticsError` with the diagnostics of every version when any version has errors.
    public static func loadAllVersions(_ path: String) throws -> [LoadedModel] {
        var bundleDiagnostics = Diagnostics()
        let bundle = try locate(path, diagnostics: &bundleDiagnostics)
        var loaded: [LoadedModel] = []
        var failures = Diagnostics()
        for location in bundle.versions {
            if let version = try failures.collecting({ try load(location, of: bundle, diagnostics: bundleDiagnostics) }) {
                loaded.append(version)
            }
        }
        if failures.hasErrors { throw DiagnosticsError(failures) }
        return loaded
    }

    private static func locate(_ path: String, diagnostics: inout Diagnostics) throws -> ModelBundle {
        // Not `rethrowingWith`: `locate` adds to `diagnostics` itself, and the error carries what it added.
        var failure = Diagnostics()
        if let bundle = try failure.collecting({ try ModelBundle.locate(path, diagnostics: &diagnostics) }) { return bundle }
        diagnostics.append(contentsOf: failure)
        throw DiagnosticsError(diagnostics)
    }

    private static func load(
        _ location: ModelVersionLocation, of bundle: ModelBundle, diagnostics: Diagnostics
    ) throws -> LoadedModel {
        var diagnostics = diagnostics
        let resolved = try diagnostics.rethrowingWith {
            SchemaResolver.resolve(
                try bundle.readDocument(of: location), contentsPath: location.contentsPath, modelName: bundle.modelName,
                versionName: location.name)
        }
        diagnostics.append(contentsOf: resolved.diagnostics)
        guard let schema = resolved.schema, !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics) }
        return LoadedModel(bundle: bundle, schema: schema, diagnostics: diagnostics)
    }
}
