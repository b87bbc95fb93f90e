import Foundation

/// A Core Data model in a target: a `.xcdatamodeld` bundle, or a bare `.xcdatamodel` folder.
struct ModelInput {
    static let configFileName = "managed-codegen.yml"

    /// The bundle (or bare version folder).
    var url: URL

    /// The model's name: the bundle's name without its extension.
    var name: String { url.deletingPathExtension().lastPathComponent }

    /// `managed-codegen.yml` in the folder holding the bundle, which the tool reads by itself.
    var configFile: URL? {
        let candidate = url.deletingLastPathComponent().appendingPathComponent(Self.configFileName)
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }

    /// `<Model>.managed-codegen.lock` beside the bundle (`managed-codegen lock` writes it; the tool checks it).
    /// The name is `ModelLock.fileName(modelName:)`'s: plugins cannot link the tool's libraries.
    var lockFile: URL? {
        let candidate = url.deletingLastPathComponent().appendingPathComponent("\(name).managed-codegen.lock")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }

    /// The file the build-tool plugin generates for this model: named from the model alone, because a
    /// build command declares its outputs before the tool has read the model.
    var singleFileName: String { "\(name)+ManagedObjects.swift" }

    /// Every file whose change can change the generated code: each version's `contents`, the bundle's
    /// `.xccurrentversion`, the lock file, the config file and the custom templates it names.
    var inputFiles: [URL] {
        var files: [URL] = []
        let fileManager = FileManager.default
        if url.pathExtension == "xcdatamodeld" {
            let entries = (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []
            for entry in entries.sorted() where entry.hasSuffix(".xcdatamodel") {
                files.append(url.appendingPathComponent(entry).appendingPathComponent("contents"))
            }
            let currentVersion = url.appendingPathComponent(".xccurrentversion")
            if fileManager.fileExists(atPath: currentVersion.path) { files.append(currentVersion) }
        } else {
            files.append(url.appendingPathComponent("contents"))
        }
        if let lockFile { files.append(lockFile) }
        if let configFile {
            files.append(configFile)
            if let templates = ConfigFileScanner.templatesDirectory(in: configFile) {
                let names = (try? fileManager.contentsOfDirectory(atPath: templates.path)) ?? []
                files += names.sorted().filter { $0.hasSuffix(".mustache") }.map { templates.appendingPathComponent($0) }
            }
        }
        // A missing file is left to the tool, which names it in a readable error; declared, it would only
        // get the build system's "missing inputs".
        return files.filter { fileManager.fileExists(atPath: $0.path) }
    }

    /// Models anywhere under `directory` (a SwiftPM target's folder), sorted by path. Hidden folders and
    /// the contents of model bundles are not searched.
    static func models(under directory: URL) -> [ModelInput] {
        var found: [ModelInput] = []
        let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            guard ["xcdatamodeld", "xcdatamodel"].contains(url.pathExtension) else { continue }
            enumerator?.skipDescendants()
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                found.append(ModelInput(url: url.standardizedFileURL))
            }
        }
        return found.sorted { $0.url.path < $1.url.path }
    }

    /// Models among `files` (an Xcode target's input files: a bundle is listed itself or by the files in it).
    static func models(among files: [URL]) -> [ModelInput] {
        var bundles: Set<String> = []
        for file in files {
            let components = file.standardizedFileURL.pathComponents
            guard
                let index = components.firstIndex(where: { $0.hasSuffix(".xcdatamodeld") })
                    ?? components.firstIndex(where: { $0.hasSuffix(".xcdatamodel") })
            else { continue }
            bundles.insert(NSString.path(withComponents: Array(components[...index])))
        }
        return bundles.sorted().map { ModelInput(url: URL(fileURLWithPath: $0)) }
    }
}

/// The plugins cannot link the YAML parser the tool uses, and need only two values from the config file: the
/// templates folder, whose files are inputs of the build command, and `skip-machine-files`, which says the build-tool
/// plugin writes the target's machine files (the audit plugin then generates them for the audit). The tool itself
/// reads and validates the whole file; this reads top-level `key: value` lines and nothing else.
enum ConfigFileScanner {
    static func templatesDirectory(in configFile: URL) -> URL? {
        guard let path = value(of: "templates", in: configFile), !path.isEmpty else { return nil }
        return path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : configFile.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    }

    /// `skip-machine-files: true` (YAML's other spellings of true too, which the tool's reader accepts).
    static func skipsMachineFiles(in configFile: URL) -> Bool {
        ["true", "yes", "on"].contains(value(of: "skip-machine-files", in: configFile)?.lowercased() ?? "")
    }

    /// The value of the first top-level `key:` line, without a trailing comment or quotes.
    private static func value(of key: String, in configFile: URL) -> String? {
        guard let text = try? String(contentsOf: configFile, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(key + ":") {
            var value = line.dropFirst(key.count + 1)
            if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
            return value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return nil
    }
}
