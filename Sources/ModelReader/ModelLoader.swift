import ManagedModel

/// A model version read and resolved, with everything noticed on the way (warnings and notes;
/// `ModelLoader` throws instead of returning when there were errors).
package struct LoadedModel: Sendable {
    package var bundle: ModelBundle
    package var schema: Schema
    package var diagnostics: Diagnostics

    package init(bundle: ModelBundle, schema: Schema, diagnostics: Diagnostics) {
        self.bundle = bundle
        self.schema = schema
        self.diagnostics = diagnostics
    }
}

/// The reader stage's entry point: path -> bundle -> XML -> resolved, checked `Schema`.
package enum ModelLoader {
    /// Reads the current version (or `version`).
    /// - Throws: `DiagnosticsError` when any error was found; it carries the warnings too.
    package static func load(_ path: String, version: String? = nil) throws -> LoadedModel {
        var diagnostics = Diagnostics()
        let bundle = try locate(path, diagnostics: &diagnostics)
        let location = try bundle.version(named: version)
        return try load(location, of: bundle, diagnostics: diagnostics)
    }

    /// Every version, natural order. Bundle warnings (e.g. a guessed current version) go to every version's diagnostics.
    /// - Throws: `DiagnosticsError` with the diagnostics of every version when any version has errors.
    package static func loadAllVersions(_ path: String) throws -> [LoadedModel] {
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

    /// The bundle at `path`, and what was noticed finding it (a guessed current version); what `load(_:version:)`
    /// starts from, for a caller that reads several versions of one bundle (`ModelHistory`).
    /// - Throws: `DiagnosticsError` carrying the diagnostics noticed before the error.
    package static func locateBundle(_ path: String) throws -> (bundle: ModelBundle, diagnostics: Diagnostics) {
        var diagnostics = Diagnostics()
        let bundle = try locate(path, diagnostics: &diagnostics)
        return (bundle, diagnostics)
    }

    private static func locate(_ path: String, diagnostics: inout Diagnostics) throws -> ModelBundle {
        // Not `rethrowingWith`: `locate` adds to `diagnostics` itself, and the error carries what it added.
        var failure = Diagnostics()
        if let bundle = try failure.collecting({ try ModelBundle.locate(path, diagnostics: &diagnostics) }) { return bundle }
        diagnostics.append(contentsOf: failure)
        throw DiagnosticsError(diagnostics)
    }

    /// Reads the version at `location` of `bundle`; `diagnostics` (the bundle's, from ``locateBundle(_:)``) come first
    /// in its diagnostics, as ``load(_:version:)`` gives them.
    package static func load(_ location: ModelVersionLocation, of bundle: ModelBundle, diagnostics: Diagnostics) throws -> LoadedModel {
        var diagnostics = diagnostics
        let resolved = try diagnostics.rethrowingWith {
            let document = try bundle.readDocument(of: location)
            return SchemaResolver.resolve(
                document, contentsPath: location.contentsPath, modelName: bundle.modelName, versionName: location.name)
        }
        diagnostics.append(contentsOf: resolved.diagnostics)
        guard let schema = resolved.schema, !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics) }
        return LoadedModel(bundle: bundle, schema: schema, diagnostics: diagnostics)
    }
}
