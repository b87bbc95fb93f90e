import Foundation
import ManagedModel

/// Turns the path the user passed into a `ModelBundle`: which versions exist and which is current.
///
/// Errors (each means there is no model text to read, so nothing can be generated; momc fails on the same
/// bundles): no such path, an unreadable folder, a bundle without versions, a version without a `contents`
/// file (or a folder in its place), and Xcode 3's binary format, which is undocumented. A missing or unreadable
/// `.xccurrentversion`, or one naming a version the bundle lacks, is only a warning: the naturally last version
/// is read (`currentVersionName(among:diagnostics:)`).
struct BundleLocator {
    static let contentsFileName = "contents"
    static let currentVersionFileName = ".xccurrentversion"
    static let currentVersionKey = "_XCCurrentVersionName"
    /// Files Xcode 3 wrote instead of `contents` (a binary, undocumented format).
    static let binaryModelFileNames = ["elements", "layout"]

    let inputPath: String
    /// `inputPath` without trailing slashes: the prefix of every path we report.
    let path: String

    init(inputPath: String) {
        self.inputPath = inputPath
        self.path = Self.withoutTrailingSlashes(inputPath)
    }

    func locate(diagnostics: inout Diagnostics) throws -> ModelBundle {
        switch Self.itemKind(at: path) {
        case nil:
            throw error("no model found: no such file or folder" + Self.respelledPathHint(for: path), at: path)
        case .file:
            return try contentsFileBundle()
        case .directory where Self.looksLikeVersionFolder(path):
            return try singleVersionBundle(folder: path)
        case .directory:
            return try versionedBundle(diagnostics: &diagnostics)
        }
    }

    // MARK: Input forms

    /// A path to a `contents` file (any name): one version, named after its folder.
    private func contentsFileBundle() throws -> ModelBundle {
        let folder = Self.parent(of: path)
        let version = ModelVersionLocation(name: ModelVersionName.stripped(Self.lastComponent(of: folder)), contentsPath: path)
        return ModelBundle(
            inputPath: inputPath,
            modelName: modelName(ofVersionFolder: folder),
            versions: [version],
            currentVersionName: version.name
        )
    }

    /// A `.xcdatamodel` folder (or any folder holding a model's files directly): one version.
    private func singleVersionBundle(folder: String) throws -> ModelBundle {
        let version = try versionLocation(folder: folder)
        return ModelBundle(
            inputPath: inputPath,
            modelName: modelName(ofVersionFolder: folder),
            versions: [version],
            currentVersionName: version.name
        )
    }

    /// A `.xcdatamodeld` folder: every `.xcdatamodel` inside, the current one from `.xccurrentversion`.
    private func versionedBundle(diagnostics: inout Diagnostics) throws -> ModelBundle {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw self.error("cannot read the model folder: \(Self.reason(for: error))", at: path)
        }
        let folderNames = entries
            .filter { $0.hasSuffix(ModelVersionName.folderExtension) && Self.itemKind(at: join(path, $0)) == .directory }
            .sorted(by: ModelVersionName.naturallyOrdered)
        guard !folderNames.isEmpty else {
            throw error(
                "no model versions found: expected a .xcdatamodeld folder holding .xcdatamodel folders, a .xcdatamodel folder or a contents file",
                at: path
            )
        }
        let versions = try folderNames.map { try versionLocation(folder: join(path, $0)) }
        let current = currentVersionName(among: versions, diagnostics: &diagnostics)
        return ModelBundle(
            inputPath: inputPath,
            modelName: ModelVersionName.stripped(bundleName(Self.lastComponent(of: path))),
            versions: versions,
            currentVersionName: current
        )
    }

    // MARK: Versions

    private func versionLocation(folder: String) throws -> ModelVersionLocation {
        let contents = join(folder, Self.contentsFileName)
        switch Self.itemKind(at: contents) {
        case .file:
            return ModelVersionLocation(name: ModelVersionName.stripped(Self.lastComponent(of: folder)), contentsPath: contents)
        case .directory:
            throw error("'contents' is a folder, expected the model's XML file", at: contents)
        case nil:
            if Self.binaryModelFileNames.contains(where: { Self.itemKind(at: join(folder, $0)) == .file }) {
                throw error(
                    "binary (Xcode 3) model format is not supported; open the model in Xcode and save it to convert it to the XML format",
                    at: folder
                )
            }
            throw error("the model version folder has no 'contents' file", at: folder)
        }
    }

    /// `.xccurrentversion` names the current version; when it cannot be used the naturally last version is
    /// taken (as Xcode's newest version usually is) and the user is told.
    private func currentVersionName(among versions: [ModelVersionLocation], diagnostics: inout Diagnostics) -> String {
        let fallback = versions[versions.count - 1].name
        let plistPath = join(path, Self.currentVersionFileName)
        let guessNote = "using the naturally last version '\(fallback)'"

        guard Self.itemKind(at: plistPath) == .file else {
            if versions.count > 1 {
                diagnostics.report(ModelRules.currentVersion, "the model has no \(Self.currentVersionFileName) file; \(guessNote)", at: location(path))
            }
            return fallback
        }
        guard let data = FileManager.default.contents(atPath: plistPath),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else {
            if versions.count > 1 {
                diagnostics.report(ModelRules.currentVersion, "\(Self.currentVersionFileName) is not a readable property list; \(guessNote)", at: location(plistPath))
            }
            return fallback
        }
        guard let named = plist[Self.currentVersionKey] as? String, !named.isEmpty else {
            if versions.count > 1 {
                diagnostics.report(
                    ModelRules.currentVersion, "\(Self.currentVersionFileName) does not name the current version (\(Self.currentVersionKey)); \(guessNote)",
                    at: location(plistPath)
                )
            }
            return fallback
        }
        let name = ModelVersionName.stripped(named)
        guard versions.contains(where: { $0.name == name }) else {
            diagnostics.report(
                ModelRules.currentVersion, "\(Self.currentVersionFileName) names version '\(name)', which is not in the model; \(guessNote)",
                at: location(plistPath)
            )
            return fallback
        }
        return name
    }

    // MARK: Names

    /// The enclosing `.xcdatamodeld`'s name when the version folder sits in one (that is the model's name in
    /// Xcode and at run time), else the folder's own name.
    private func modelName(ofVersionFolder folder: String) -> String {
        let enclosing = Self.lastComponent(of: Self.parent(of: folder))
        if enclosing.hasSuffix(ModelVersionName.bundleExtension) {
            return String(enclosing.dropLast(ModelVersionName.bundleExtension.count))
        }
        return ModelVersionName.stripped(Self.lastComponent(of: folder))
    }

    private func bundleName(_ folderName: String) -> String {
        folderName.hasSuffix(ModelVersionName.bundleExtension)
            ? String(folderName.dropLast(ModelVersionName.bundleExtension.count)) : folderName
    }

    // MARK: File system helpers

    enum ItemKind { case file, directory }

    static func itemKind(at path: String) -> ItemKind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .directory : .file
    }

    /// A folder is one model version when it is named `.xcdatamodel` or holds a version's files directly.
    private static func looksLikeVersionFolder(_ folder: String) -> Bool {
        if folder.hasSuffix(ModelVersionName.folderExtension) { return true }
        return ([contentsFileName] + binaryModelFileNames).contains { itemKind(at: folder + "/" + $0) != nil }
    }

    /// `Modle.xcdatamodeld` -> `; did you mean 'Model.xcdatamodeld'?`: the first component of the path that does not
    /// exist, respelled as a close sibling that does, when the whole path so corrected exists. Nothing otherwise.
    static func respelledPathHint(for path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in components.indices where !components[index].isEmpty {
            guard itemKind(at: components[...index].joined(separator: "/")) == nil else { continue }
            let parent = components[..<index].joined(separator: "/")
            let folder = parent.isEmpty ? (index == 0 ? "." : "/") : parent
            guard let siblings = try? FileManager.default.contentsOfDirectory(atPath: folder),
                  let closest = SpellingSuggestion.closest(to: components[index], in: siblings)
            else { return "" }
            components[index] = closest
            let corrected = components.joined(separator: "/")
            return itemKind(at: corrected) == nil ? "" : "; did you mean '\(corrected)'?"
        }
        return ""
    }

    static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return String(trimmed)
    }

    /// Names come from the absolute, standardized path so `.` or `Model.xcdatamodeld/..` still name the model.
    private static func lastComponent(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
    }

    private static func parent(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private func location(_ path: String) -> SourceLocation {
        SourceLocation(path: path, line: 0)
    }

    private func error(_ message: String, at path: String) -> DiagnosticsError {
        DiagnosticsError(ModelRules.notFound.diagnostic(message, at: location(path)))
    }

    static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(posix.rawValue))
        }
        return nsError.localizedDescription
    }
}
