import Foundation
import ManagedModel

/// A Swift file in the app's sources that will not compile beside the generated classes: another generator's
/// declaration of the same class or of its properties.
package struct ClashingSourceFile: Hashable, Sendable {
    package enum Origin: Hashable, Sendable {
        /// `Item+CoreDataClass.swift`: Xcode's class file (Editor > Create NSManagedObject Subclass).
        case xcodeClass
        /// `Item+CoreDataProperties.swift`: Xcode's properties extension.
        case xcodeProperties
        /// `_Item.swift`: mogenerator's machine class, rewritten on every run.
        case mogeneratorMachine
        /// `Item.swift` declaring `class Item: _Item`: mogenerator's human class.
        case mogeneratorHuman
        /// The file SwiftGen's `coredata` templates write for the whole model.
        case swiftGen
        /// An app file named like the human file `generate` writes (`Item.swift`): with `--human-output` in another
        /// folder of the same target the build fails ("filename used twice"); in the same folder it is kept and
        /// serves as the human file. Listed, but not counted as a clash.
        case humanFileName
    }

    package var path: String
    /// The declaration that clashes; 1 when the whole file does.
    package var line: Int
    package var origin: Origin
    /// The model's class the file declares; nil for SwiftGen's file, which declares them all.
    package var className: String?
    /// What to do with the file.
    package var advice: String

    /// Whether the file stops the build beside the generated classes whatever the settings.
    package var alwaysClashes: Bool { origin != .humanFileName }
}

/// Finds the clashing files in the folders the user names (recursively; hidden folders are skipped).
///
/// Names are as the generators write them: Xcode `<Class>+CoreDataClass.swift` / `<Class>+CoreDataProperties.swift`;
/// mogenerator `_<Class>.swift` (first line `// DO NOT EDIT. This file is machine-generated…`) and `<Class>.swift`
/// (`class <Class>: _<Class>`); SwiftGen one file of any name whose header says `Generated using SwiftGen` and
/// which declares `NSManagedObject` sub-classes.
package enum ClashingSourceScan {
    /// `classNames`: the model's classes (Swift name to entity name), the only names that can clash.
    /// `humanFileSuffix`: `generate`'s `human-file-suffix` (`+Model`: the human file of `Item` is `Item+Model.swift`).
    /// - Throws: `DiagnosticsError` when a folder does not exist or cannot be read.
    package static func find(in folders: [String], classNames: [String: String], humanFileSuffix: String = "") throws -> [ClashingSourceFile] {
        var diagnostics = Diagnostics()
        var paths: Set<String> = []
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                let reason = FileManager.default.fileExists(atPath: folder) ? "not a folder" : "no such folder"
                diagnostics.report(InputRules.noSuchSources, "--sources: \(reason)", at: SourceLocation(path: folder, line: 0))
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
                diagnostics.report(InputRules.noSuchSources, "--sources: cannot read the folder", at: SourceLocation(path: folder, line: 0))
                continue
            }
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { paths.insert(prefix + relative) }
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        return paths.sorted().compactMap { classify($0, classNames: classNames, humanFileSuffix: humanFileSuffix) }
    }

    static let mogeneratorMachineHeader = "// DO NOT EDIT. This file is machine-generated"
    static let swiftGenHeader = "Generated using SwiftGen"

    private static func classify(_ path: String, classNames: [String: String], humanFileSuffix: String) -> ClashingSourceFile? {
        let name = String((path as NSString).lastPathComponent.dropLast(".swift".count))
        func entity(_ className: String) -> String {
            let entityName = classNames[className] ?? className
            return entityName == className ? "'\(className)'" : "'\(entityName)' (class \(className))"
        }
        if let className = name.strippingSuffix("+CoreDataClass"), classNames[className] != nil {
            let text = contents(of: path) ?? ""
            if holdsOnlyXcodeEmptyClass(text, className: className) {
                return .init(
                    path: path, line: 1, origin: .xcodeClass, className: className,
                    advice: "Xcode's class file for entity \(entity(className)), holding only the empty class: delete it")
            }
            let classLine = declarationLine(of: className, superclass: nil, in: text)
            let redeclared = ClassFileMembers.redeclared(in: text, classLine: classLine)
            // Only extensions of the class, declaring nothing the generated class declares: it compiles beside it.
            guard classLine != nil || !redeclared.isEmpty else { return nil }
            var steps: [String] = []
            if let classLine {
                steps.append("change `class \(className): …` (line \(classLine)) into `extension \(className)`")
                // `@objc(Item)` left above `extension Item` does not compile (an extension takes no Objective-C
                // name); the generated class carries it.
                if let objcLine = objcNameLine(of: className, before: classLine, in: text) {
                    steps.append("delete `@objc(\(className))` (line \(objcLine)): the generated class declares it, and an extension cannot carry it")
                }
            }
            let byKind = Dictionary(grouping: redeclared, by: \.kind)
            for kind in ClassFileMembers.Kind.allCases {
                guard let members = byKind[kind] else { continue }
                steps.append("delete \(kind.description) (\(members.count == 1 ? "line" : "lines") \(members.map { String($0.line) }.joined(separator: ", ")))")
            }
            return .init(
                path: path, line: classLine ?? redeclared[0].line, origin: .xcodeClass, className: className,
                advice: "Xcode's class file for entity \(entity(className)): " + steps.joined(separator: "; ")
                    + "; keep the rest (here, or in \(className).swift, the human file `generate` writes once)")
        }
        if let className = name.strippingSuffix("+CoreDataProperties"), classNames[className] != nil {
            return .init(
                path: path, line: 1, origin: .xcodeProperties, className: className,
                advice: "Xcode's properties file for entity \(entity(className)): delete it; the generated \(className)+Generated.swift "
                    + "declares every property, fetchRequest() and the to-many accessors (move anything you added by hand into "
                    + "`extension \(className)` in \(className).swift first)")
        }
        guard let text = contents(of: path) else { return nil }
        if name.hasPrefix("_"), classNames[String(name.dropFirst())] != nil,
            text.hasPrefix(mogeneratorMachineHeader) || declarationLine(of: "_" + name.dropFirst(), superclass: nil, in: text) != nil
        {
            let className = String(name.dropFirst())
            return .init(
                path: path, line: 1, origin: .mogeneratorMachine, className: className,
                advice: "mogenerator's machine file for entity \(entity(className)): delete it and remove mogenerator from the build; "
                    + "the generated \(className)+Generated.swift replaces it")
        }
        if classNames[name] != nil, let line = declarationLine(of: name, superclass: "_" + name, in: text) {
            return .init(
                path: path, line: line, origin: .mogeneratorHuman, className: name,
                advice: "mogenerator's human file for entity \(entity(name)): change `class \(name): _\(name)` into `extension \(name)`; "
                    + "stored properties and overrides of generated members cannot move into an extension (see the guide "
                    + "\"Moving from mogenerator\")")
        }
        let humanClass = humanFileSuffix.isEmpty ? name : name.strippingSuffix(humanFileSuffix)
        if let humanClass, classNames[humanClass] != nil, !text.hasPrefix("// \(name).swift: written once by managed-codegen") {
            let remedy = humanFileSuffix.isEmpty
                ? "pass --human-file-suffix +Model (config `human-file-suffix`), or rename one of them"
                : "change `human-file-suffix` (now \(humanFileSuffix)), or rename one of them"
            return .init(
                path: path, line: 1, origin: .humanFileName, className: humanClass,
                advice: "named like the human file `generate` writes for entity \(entity(humanClass)): with --human-output in another "
                    + "folder of this target the build fails (\"filename used twice\"); \(remedy)")
        }
        if text.prefix(512).contains(swiftGenHeader), text.contains(": NSManagedObject") {
            return .init(
                path: path, line: 1, origin: .swiftGen, className: nil,
                advice: "SwiftGen's coredata output: remove the `coredata` entry from swiftgen.yml and delete this file; "
                    + "`makeFetchRequest()` and `createFetchRequest()` calls become `fetchRequest()`")
        }
        return nil
    }

    private static func contents(of path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The 1-based line declaring `class <name>` (with `: <superclass>` when given).
    private static func declarationLine(of name: some StringProtocol, superclass: String?, in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "," })
            guard let position = words.firstIndex(of: "class"), position + 1 < words.count, words[position + 1] == name else { continue }
            if let superclass {
                guard position + 2 < words.count, words[position + 2] == superclass else { continue }
            }
            return index + 1
        }
        return nil
    }

    /// The 1-based line of `@objc(<name>)` among the attribute lines right above the class declaration (or on its line).
    private static func objcNameLine(of name: String, before classLine: Int, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = classLine - 1
        while index >= 0, index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.contains("@objc(\(name))") { return index + 1 }
            // Attributes and comments may stand between `@objc(Name)` and the class; anything else ends the search.
            guard index == classLine - 1 || line.hasPrefix("@") || line.hasPrefix("//") || line.isEmpty else { return nil }
            index -= 1
        }
        return nil
    }

    /// Xcode's `+CoreDataClass.swift` as Xcode writes it: comments, imports, `@objc(Name)` and an empty class.
    private static func holdsOnlyXcodeEmptyClass(_ text: String, className: String) -> Bool {
        let code = text.split(separator: "\n").filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.hasPrefix("//") && !trimmed.hasPrefix("import ") && trimmed != "@objc(\(className))"
        }
        let squeezed = code.joined().filter { !$0.isWhitespace }
        return ["", "public", "open"].contains { squeezed == "\($0)class\(className):NSManagedObject{}" }
    }
}

/// The lines of a hand-edited `+CoreDataClass.swift` that will not compile once the class is generated: members the
/// generated class declares too, and stored properties, which an extension cannot hold. A line scan (Xcode's file
/// shapes: one member a line); braces in strings or comments are not told apart.
enum ClassFileMembers {
    enum Kind: CaseIterable, CustomStringConvertible {
        case managed, fetchRequest, storedProperty

        var description: String {
            switch self {
            case .managed: "the @NSManaged members (the generated class declares every model property and accessor)"
            case .fetchRequest: "fetchRequest() (the generated class declares a typed one)"
            case .storedProperty:
                "the stored properties (an extension cannot hold them: make them computed, e.g. over a transient attribute, or drop them)"
            }
        }
    }

    struct Member {
        var line: Int
        var kind: Kind
    }

    /// `classLine`: the class declaration's line, whose body's stored properties are reported.
    static func redeclared(in text: String, classLine: Int?) -> [Member] {
        var members: [Member] = []
        var depth = 0
        var classDepth: Int?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if number == classLine { classDepth = depth }
            let code = line.hasPrefix("//") ? "" : line
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ":" })
            if words.contains("@NSManaged") {
                members.append(Member(line: number, kind: .managed))
            } else if code.contains("func fetchRequest(") {
                members.append(Member(line: number, kind: .fetchRequest))
            } else if let classDepth, depth == classDepth + 1, isStoredProperty(words, code) {
                members.append(Member(line: number, kind: .storedProperty))
            }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            if let start = classDepth, depth <= start, number != classLine { classDepth = nil }
        }
        return members
    }

    /// `var x = 1`, `let y: Int`, `lazy var z = …`; not `static`/`class` ones, not computed (`{` on the line) unless
    /// the braces are a closure initial value after `=`.
    private static func isStoredProperty(_ words: [Substring], _ code: String) -> Bool {
        guard let keyword = words.firstIndex(where: { $0 == "var" || $0 == "let" }) else { return false }
        guard !words[..<keyword].contains(where: { $0 == "static" || $0 == "class" }) else { return false }
        guard let brace = code.firstIndex(of: "{") else { return true }
        return code[..<brace].contains("=")
    }
}

extension String {
    fileprivate func strippingSuffix(_ suffix: String) -> String? {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : nil
    }
}
