import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// Property: whatever the Xcode model editor lets a user do to a model that momc compiles, the reader raises no
/// error, the generator succeeds and its output (classes and generated tests) type-checks.
///
/// Each corpus model of a seeded sample is copied to a temporary folder and changed the way the editor changes
/// models (`EditorEdit`): attribute types changed with the old default left behind, `attributeType` removed from
/// a transient (the editor's Undefined), a relationship's inverse moved to a new parent entity of its
/// destination, attributes renamed with `elementID`, entities without `representedClassName`, module-qualified
/// and `PRODUCT_MODULE_NAME.`-prefixed class names, and a missing `.xccurrentversion` or one naming a missing
/// version. The sample and the edits are drawn from `EDITOR_EDITS_SEED` (default fixed, so runs repeat);
/// `EDITOR_EDITS_MODELS` sets the sample size (default 24, about 8 s; `all` for every bundle). Each edited model
/// is type-checked in one language mode, in turn (all three with `MANAGED_CODEGEN_CORPUS=full`).
@Suite struct EditorEditsPropertyTests {
    static let corpus = GeneratedOutputTypeCheckTests.corpus
    static let corpusIsPresent = GeneratedOutputTypeCheckTests.corpusIsPresent

    @Test(.enabled(if: corpusIsPresent, "needs ../shared/corpus (absent: editor-edit property test skipped)"))
    func editorEditsNeverBreakReadingGenerationOrTypeChecking() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["EDITOR_EDITS_SEED"].flatMap { UInt64($0) } ?? 0x15_2026
        var random = SplitMix64(seed: seed)
        let bundles = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".xcdatamodeld") }.sorted()
        let sampleSize = environment["EDITOR_EDITS_MODELS"].map { $0 == "all" ? bundles.count : Int($0) ?? 24 } ?? 24
        let sample = Array(bundles.shuffled(using: &random).prefix(sampleSize)).sorted()

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("editor-edits-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var models: [(Schema, String)] = []
        var appliedKinds: Set<String> = []
        for folder in sample {
            let source = Self.corpus.appendingPathComponent(folder)
            guard let bundleName = try FileManager.default.contentsOfDirectory(atPath: source.path)
                .first(where: { $0.hasSuffix(".xcdatamodeld") })
            else { continue }
            let copy = scratch.appendingPathComponent(folder).appendingPathComponent(bundleName)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent(bundleName), to: copy)

            let edits = try EditorEdit.apply(toBundle: copy, using: &random)
            appliedKinds.formUnion(edits.map(\.kind))
            let label = "\(folder) [seed \(seed)] \(edits.map(\.description).joined(separator: "; "))"
            do {
                let loaded = try ModelLoader.load(copy.path)
                #expect(!loaded.diagnostics.hasErrors, "\(label)")
                models.append((loaded.schema, label))
            } catch let error as DiagnosticsError {
                Issue.record("the reader refused an edited model: \(label)\n\(error.diagnostics.all.map(\.description).joined(separator: "\n"))")
            }
        }
        // Every kind of edit is exercised by the default sample (a kind no sampled model allows would go unseen).
        if environment["EDITOR_EDITS_SEED"] == nil && environment["EDITOR_EDITS_MODELS"] == nil {
            #expect(appliedKinds == Set(EditorEdit.allKinds), "edits never applied: \(Set(EditorEdit.allKinds).subtracting(appliedKinds).sorted())")
        }

        let options = GenerationOptions(moduleName: "EditedModel", generateXcodeCodegenEntities: true)
        // Each edited model in one language mode, the models taking the modes in turn, as the corpus check does
        // (all three with MANAGED_CODEGEN_CORPUS=full): the edits exercise the reader and the generator, and what
        // differs between the modes is checked in every mode by the fixtures. 30 CPU-seconds -> about 12 in CI.
        let turns = Dictionary(models.enumerated().map { ($1.1, LanguageMode.allCases[$0 % LanguageMode.allCases.count]) }, uniquingKeysWith: { first, _ in first })
        let everyMode = GeneratedOutputTypeCheckTests.checksEveryMode
        let outcomes = TypeCheckRun.check(models, options: options, modes: { label in everyMode ? LanguageMode.allCases : [turns[label] ?? .swift6] })
        for outcome in outcomes {
            if let failure = outcome.failure { Issue.record("\(outcome.label): \(failure)") }
        }
        #expect(outcomes.count == models.count && models.count >= min(sampleSize, 5))
        print("editor edits (seed \(seed)): \(models.count) edited models, \(outcomes.filter(\.isClean).count) clean, "
            + "\(outcomes.filter { $0.testFileCount > 0 }.count) with generated tests")
        for (_, label) in models { print("  \(label)") }
    }
}

/// One change the model editor can make, applied to the text of a `contents` file or to the bundle.
struct EditorEdit: CustomStringConvertible {
    var kind: String
    var detail: String
    var description: String { "\(kind) \(detail)" }

    static let allKinds = [
        "type-change", "undefined-transient", "inverse-on-parent", "rename-with-elementID", "no-class-name",
        "module-qualified-class", "no-xccurrentversion", "xccurrentversion-names-missing-version",
    ]

    /// Edits `bundle` in place: one bundle-level edit (or none), then the XML edits to the version the reader
    /// will load. Returns what was done.
    static func apply(toBundle bundle: URL, using random: inout SplitMix64) throws -> [EditorEdit] {
        var edits: [EditorEdit] = []
        let currentVersionFile = bundle.appendingPathComponent(".xccurrentversion")
        switch random.next() % 3 {
        case 0:
            try? FileManager.default.removeItem(at: currentVersionFile)
            edits.append(EditorEdit(kind: "no-xccurrentversion", detail: ""))
        case 1:
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>_XCCurrentVersionName</key>
                \t<string>Deleted Version.xcdatamodel</string>
                </dict>
                </plist>
                """
            try plist.write(to: currentVersionFile, atomically: true, encoding: .utf8)
            edits.append(EditorEdit(kind: "xccurrentversion-names-missing-version", detail: ""))
        default: break
        }
        var diagnostics = Diagnostics()
        let contentsPath = try ModelBundle.locate(bundle.path, diagnostics: &diagnostics).currentVersion.contentsPath
        var model = ContentsText(try String(contentsOfFile: contentsPath, encoding: .utf8))
        edits += model.applyEdits(using: &random)
        try model.text.write(toFile: contentsPath, atomically: true, encoding: .utf8)
        return edits
    }
}

/// The text of a `contents` file, edited as the model editor would save it. Text-level edits keep every other
/// byte as it was (the reader's line numbers stay meaningful).
struct ContentsText {
    var text: String

    init(_ text: String) { self.text = text }

    mutating func applyEdits(using random: inout SplitMix64) -> [EditorEdit] {
        var edits: [EditorEdit] = []
        for _ in 0..<3 { if let edit = changeTypeLeavingDefault(using: &random) { edits.append(edit) } }
        if let edit = undefinedTransient(using: &random) { edits.append(edit) }
        if let edit = moveInverseToParent(using: &random) { edits.append(edit) }
        if let edit = renameWithElementID(using: &random) { edits.append(edit) }
        if let edit = qualifyClassName(using: &random) { edits.append(edit) }
        if let edit = removeClassName(using: &random) { edits.append(edit) }
        return edits
    }

    // MARK: edits

    static let scalarTypes = ["Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Boolean", "Decimal", "Date"]
    /// Defaults in another type's spelling, as the editor leaves them behind.
    static let leftoverDefaults = ["NO", "YES", "0.0", "1", "0", "3.5", "-2", "2024-01-01 00:00:00 +0000", "Untitled"]

    /// An attribute's type changed in the editor: its `defaultValueString` (or one in the old type's spelling)
    /// stays behind.
    mutating func changeTypeLeavingDefault(using random: inout SplitMix64) -> EditorEdit? {
        let candidates = tags("attribute").filter { tag in
            guard let type = attribute("attributeType", of: tag) else { return false }
            return Self.scalarTypes.contains(type) || type == "String"
        }
        guard let tag = candidates.randomElement(using: &random) else { return nil }
        let oldType = attribute("attributeType", of: tag)!
        let newType = Self.scalarTypes.filter { $0 != oldType }.randomElement(using: &random)!
        var edited = setting("attributeType", to: newType, in: tag)
        if attribute("defaultValueString", of: edited) == nil || random.next() % 2 == 0 {
            edited = setting("defaultValueString", to: Self.leftoverDefaults.randomElement(using: &random)!, in: edited)
        }
        replace(tag, with: edited)
        return EditorEdit(
            kind: "type-change", detail: "\(attribute("name", of: tag) ?? "?"): \(oldType) -> \(newType), default '\(attribute("defaultValueString", of: edited) ?? "")'")
    }

    /// A transient attribute set to the editor's Undefined type: no `attributeType` at all. Without a transient
    /// in the model, a new one is added to an entity.
    mutating func undefinedTransient(using random: inout SplitMix64) -> EditorEdit? {
        let transients = tags("attribute").filter { attribute("transient", of: $0) == "YES" && attribute("attributeType", of: $0) != nil }
        if let tag = transients.randomElement(using: &random) {
            replace(tag, with: removing("attributeType", from: tag))
            return EditorEdit(kind: "undefined-transient", detail: attribute("name", of: tag) ?? "?")
        }
        guard let entity = tags("entity").randomElement(using: &random) else { return nil }
        let name = uniqueName("editorScratch")
        let indentation = "\n        "
        replace(entity, with: entity.hasSuffix("/>")
            ? String(entity.dropLast(2)) + ">" + indentation + "<attribute name=\"\(name)\" optional=\"YES\" transient=\"YES\"/>\n    </entity>"
            : entity + indentation + "<attribute name=\"\(name)\" optional=\"YES\" transient=\"YES\"/>")
        return EditorEdit(kind: "undefined-transient", detail: "added \(attribute("name", of: entity) ?? "?").\(name)")
    }

    /// A relationship's inverse moved to a new abstract parent entity of its destination: the relationship's
    /// `inverseEntity` then names the parent, and the destination inherits the inverse.
    mutating func moveInverseToParent(using random: inout SplitMix64) -> EditorEdit? {
        var candidates: [(owner: String, relationship: String, destination: String, inverse: String)] = []
        let entityNames = Set(tags("entity").compactMap { attribute("name", of: $0) })
        for entityTag in tags("entity") {
            guard let owner = attribute("name", of: entityTag), let block = entityBlock(named: owner) else { continue }
            for relationship in Self.tags("relationship", in: block) {
                guard let destination = attribute("destinationEntity", of: relationship), destination != owner,
                    let inverse = attribute("inverseName", of: relationship), entityNames.contains(destination),
                    let destinationTag = tags("entity").first(where: { attribute("name", of: $0) == destination }),
                    attribute("parentEntity", of: destinationTag) == nil,
                    let destinationBlock = entityBlock(named: destination),
                    Self.relationshipElement(named: inverse, in: destinationBlock) != nil,
                    !text.contains("parentEntity=\"\(destination)\"")
                else { continue }
                candidates.append((owner, attribute("name", of: relationship)!, destination, inverse))
            }
        }
        guard let pick = candidates.randomElement(using: &random),
            let destinationBlock = entityBlock(named: pick.destination),
            let inverseElement = Self.relationshipElement(named: pick.inverse, in: destinationBlock)
        else { return nil }
        let parent = uniqueName("\(pick.destination)Base")
        let destinationTag = Self.tags("entity", in: destinationBlock)[0]
        // The destination inherits from the new parent, which holds the inverse; the relationship names it.
        var newDestination = destinationBlock.replacingOccurrences(of: inverseElement, with: "")
        newDestination = newDestination.replacingOccurrences(
            of: destinationTag, with: setting("parentEntity", to: parent, in: destinationTag))
        let classAttribute = attribute("representedClassName", of: destinationTag) == nil ? "" : " representedClassName=\"\(parent)\""
        let codegen = attribute("codeGenerationType", of: destinationTag).map { " codeGenerationType=\"\($0)\"" } ?? ""
        let parentBlock = "<entity name=\"\(parent)\"\(classAttribute) isAbstract=\"YES\"\(codegen) syncable=\"YES\">\n        \(inverseElement.trimmingCharacters(in: .whitespacesAndNewlines))\n    </entity>\n    "
        text = text.replacingOccurrences(of: destinationBlock, with: parentBlock + newDestination)
        // The relationship in the owner now names the parent as its inverse entity.
        if let ownerBlock = entityBlock(named: pick.owner),
            let relationship = Self.tags("relationship", in: ownerBlock).first(where: { attribute("name", of: $0) == pick.relationship })
        {
            text = text.replacingOccurrences(
                of: ownerBlock, with: ownerBlock.replacingOccurrences(of: relationship, with: setting("inverseEntity", to: parent, in: relationship)))
        }
        return EditorEdit(kind: "inverse-on-parent", detail: "\(pick.owner).\(pick.relationship) -> \(parent).\(pick.inverse)")
    }

    /// An attribute renamed in the editor, which records the old name as `elementID`. Only attributes whose name
    /// appears nowhere else in the file (constraints, indexes, predicates, sub-entities) are renamed.
    mutating func renameWithElementID(using random: inout SplitMix64) -> EditorEdit? {
        let candidates = tags("attribute").filter { tag in
            guard let name = attribute("name", of: tag), attribute("elementID", of: tag) == nil else { return false }
            return occurrences(ofWord: name) == 1
        }
        guard let tag = candidates.randomElement(using: &random), let name = attribute("name", of: tag) else { return nil }
        let newName = uniqueName("\(name)Renamed")
        replace(tag, with: setting("elementID", to: name, in: setting("name", to: newName, in: tag)))
        return EditorEdit(kind: "rename-with-elementID", detail: "\(name) -> \(newName)")
    }

    /// A class name with the module: `Module.Item`, `.Item` (Current Product Module), `PRODUCT_MODULE_NAME.Item`,
    /// `$(PRODUCT_MODULE_NAME).Item`.
    mutating func qualifyClassName(using random: inout SplitMix64) -> EditorEdit? {
        let candidates = tags("entity").filter { tag in
            guard let name = attribute("representedClassName", of: tag) else { return false }
            return !name.contains(".") && !name.isEmpty && name != "NSManagedObject"
        }
        guard let tag = candidates.randomElement(using: &random) else { return nil }
        let name = attribute("representedClassName", of: tag)!
        let prefix = ["EditedModel.", ".", "PRODUCT_MODULE_NAME.", "$(PRODUCT_MODULE_NAME)."].randomElement(using: &random)!
        replace(tag, with: setting("representedClassName", to: prefix + name, in: tag))
        return EditorEdit(kind: "module-qualified-class", detail: "\(name) -> \(prefix)\(name)")
    }

    /// An entity without a custom class (`representedClassName` removed).
    mutating func removeClassName(using random: inout SplitMix64) -> EditorEdit? {
        let candidates = tags("entity").filter { attribute("representedClassName", of: $0) != nil }
        guard candidates.count > 1, let tag = candidates.randomElement(using: &random) else { return nil }
        replace(tag, with: removing("representedClassName", from: tag))
        return EditorEdit(kind: "no-class-name", detail: attribute("name", of: tag) ?? "?")
    }

    // MARK: text helpers

    /// The start tags `<name …>` / `<name …/>` in document order.
    func tags(_ name: String) -> [String] { Self.tags(name, in: text) }

    static func tags(_ name: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: "<\(name)\\s[^>]*>")
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) }
    }

    /// The whole `<entity name="name" …>…</entity>` (or self-closing) element.
    func entityBlock(named name: String) -> String? {
        guard let tag = tags("entity").first(where: { attribute("name", of: $0) == name }),
            let start = text.range(of: tag)
        else { return nil }
        if tag.hasSuffix("/>") { return tag }
        guard let end = text.range(of: "</entity>", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.lowerBound..<end.upperBound])
    }

    /// `<relationship name="name" …/>` or `<relationship name="name" …>…</relationship>` with its indentation.
    static func relationshipElement(named name: String, in block: String) -> String? {
        guard let tag = tags("relationship", in: block).first(where: { attributeValue("name", of: $0) == name }),
            let start = block.range(of: tag)
        else { return nil }
        var lineStart = start.lowerBound
        while lineStart > block.startIndex, block[block.index(before: lineStart)] == " " { lineStart = block.index(before: lineStart) }
        if tag.hasSuffix("/>") { return String(block[lineStart..<start.upperBound]) + "\n" }
        guard let end = block.range(of: "</relationship>", range: start.upperBound..<block.endIndex) else { return nil }
        return String(block[lineStart..<end.upperBound]) + "\n"
    }

    func attribute(_ name: String, of tag: String) -> String? { Self.attributeValue(name, of: tag) }

    static func attributeValue(_ name: String, of tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        guard let end = tag.range(of: "\"", range: start.upperBound..<tag.endIndex) else { return nil }
        return String(tag[start.upperBound..<end.lowerBound])
    }

    func setting(_ name: String, to value: String, in tag: String) -> String {
        if let old = attribute(name, of: tag) {
            return tag.replacingOccurrences(of: " \(name)=\"\(old)\"", with: " \(name)=\"\(value)\"")
        }
        let close = tag.hasSuffix("/>") ? "/>" : ">"
        return String(tag.dropLast(close.count)) + " \(name)=\"\(value)\"" + close
    }

    func removing(_ name: String, from tag: String) -> String {
        guard let old = attribute(name, of: tag) else { return tag }
        return tag.replacingOccurrences(of: " \(name)=\"\(old)\"", with: "")
    }

    /// Replaces the first occurrence of `tag` (tags are unique enough: they carry the element's name).
    mutating func replace(_ tag: String, with edited: String) {
        guard let range = text.range(of: tag) else { return }
        text.replaceSubrange(range, with: edited)
    }

    func occurrences(ofWord word: String) -> Int {
        let escaped = NSRegularExpression.escapedPattern(for: word)
        let expression = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_])\(escaped)(?![A-Za-z0-9_])")
        return expression.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    func uniqueName(_ base: String) -> String {
        var name = base
        var counter = 2
        while occurrences(ofWord: name) > 0 {
            name = "\(base)\(counter)"
            counter += 1
        }
        return name
    }
}

/// A small seeded generator (SplitMix64), so that a failing sample can be repeated with its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
