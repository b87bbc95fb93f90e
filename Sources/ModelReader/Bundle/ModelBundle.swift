import Foundation
import ManagedModel

/// One version of a model: a `.xcdatamodel` folder's XML `contents` file.
package struct ModelVersionLocation: Hashable, Sendable {
    /// The version folder's name without `.xcdatamodel`, e.g. `Model 2`.
    package var name: String
    package var contentsPath: String

    package init(name: String, contentsPath: String) {
        self.name = name
        self.contentsPath = contentsPath
    }
}

/// Where a model's versions live on disk and which one is current.
///
/// Accepts a `.xcdatamodeld` bundle, a single `.xcdatamodel` folder, or a path to a `contents` file.
package struct ModelBundle: Hashable, Sendable {
    /// What the user passed.
    package var inputPath: String
    /// The `.xcdatamodeld` (or bare `.xcdatamodel`) name without extension.
    package var modelName: String
    /// In natural order ("Model", "Model 2", "Model 10").
    package var versions: [ModelVersionLocation]
    /// The version folder name without `.xcdatamodel`.
    package var currentVersionName: String

    package init(inputPath: String, modelName: String, versions: [ModelVersionLocation], currentVersionName: String) {
        self.inputPath = inputPath
        self.modelName = modelName
        self.versions = versions
        self.currentVersionName = currentVersionName
    }

    /// Finds the versions and the current version; warnings (a guessed current version) go to `diagnostics`.
    /// - Throws: `DiagnosticsError` when the path holds no readable XML model.
    package static func locate(_ path: String, diagnostics: inout Diagnostics) throws -> ModelBundle {
        try BundleLocator(inputPath: path).locate(diagnostics: &diagnostics)
    }

    /// The version called `name` (with or without `.xcdatamodel`); `nil` means the current version.
    package func version(named name: String?) throws -> ModelVersionLocation {
        let wanted = ModelVersionName.stripped(name ?? currentVersionName)
        if let version = versions.first(where: { $0.name == wanted }) { return version }
        let known = NameList.quoted(versions.map(\.name), noun: "versions")
        // A version with another number is not a misspelling: `Model 13` gets no "did you mean 'Model 3'?".
        let letters = { (name: String) in name.lowercased().filter { !$0.isNumber && !$0.isWhitespace } }
        let respellings = versions.map(\.name).filter { letters($0) != letters(wanted) || $0.filter(\.isNumber) == wanted.filter(\.isNumber) }
        throw DiagnosticsError(
            ModelRules.notFound.diagnostic(
                "unknown model version '\(wanted)'; the model has "
                    + (versions.count > NameList.wholeListLimit ? known : "\(versions.count == 1 ? "version" : "versions") \(known)")
                    + SpellingSuggestion.hint(for: wanted, in: respellings),
                at: SourceLocation(path: BundleLocator.withoutTrailingSlashes(inputPath), line: 0)
            )
        )
    }

    package var currentVersion: ModelVersionLocation {
        get throws { try version(named: nil) }
    }

    /// Reads and parses one version's `contents` file.
    func readDocument(of version: ModelVersionLocation) throws -> XMLElementNode {
        try XMLDocumentReader.parse(fileAt: version.contentsPath)
    }
}

/// Version folder names: `Model 2.xcdatamodel` on disk, `Model 2` everywhere else.
enum ModelVersionName {
    static let folderExtension = ".xcdatamodel"
    static let bundleExtension = ".xcdatamodeld"

    static func stripped(_ name: String) -> String {
        name.hasSuffix(folderExtension) ? String(name.dropLast(folderExtension.count)) : name
    }

    /// The corpus tooling's order (stats.py `natural_key`): digit runs compare as numbers, text case-insensitively.
    static func naturallyOrdered(_ lhs: String, _ rhs: String) -> Bool {
        NaturalOrder(ignoringPunctuation: false).areInIncreasingOrder(stripped(lhs), stripped(rhs))
    }
}
