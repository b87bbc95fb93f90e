import ManagedModel

/// One generated file, in memory; ``OutputWriter`` decides where it goes by its kind.
package struct GeneratedFile: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Rewritten on every run: `Item+Generated.swift`.
        case machine
        /// Written only when absent: `Item.swift`.
        case human
        /// Once per module, rewritten on every run, next to the machine files: `ManagedValidation+Generated.swift`.
        case support
        /// Generated tests, rewritten on every run.
        case tests

        /// In `allCases` order: the order of the manifest (``PreparedGeneration/manifest``).
        package static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The path relative to the output folder of its kind, e.g. `Item+Generated.swift`.
    package var relativePath: String
    /// The contents as rendered, in UTF-8: written as they are, without the cost of validating a `String`.
    package var utf8: [UInt8]
    package var kind: Kind

    package var contents: String {
        get { String(decoding: utf8, as: UTF8.self) }
        set { utf8 = Array(newValue.utf8) }
    }

    package init(relativePath: String, contents: String, kind: Kind) {
        self.init(relativePath: relativePath, utf8: Array(contents.utf8), kind: kind)
    }

    package init(relativePath: String, utf8: [UInt8], kind: Kind) {
        self.relativePath = relativePath
        self.utf8 = utf8
        self.kind = kind
    }
}

/// Everything one run generated, and what it had to say.
package struct GenerationResult: Sendable {
    /// In manifest order: by kind, then path.
    package var files: [GeneratedFile]
    package var diagnostics: Diagnostics
    package var plan: GenerationPlan
    /// The generated tests' plan, when ``GeneratorOptions/generatesTests`` is set.
    package var testPlan: GeneratedTestsPlan?
    /// The preview data's plan, when ``GeneratorOptions/generatesPreviewData`` is set.
    package var previewData: PreviewDataPlan? = nil
}
