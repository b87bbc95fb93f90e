extension GeneratedFile {
    /// `files` as one machine file called `name`, in order, each after a `// MARK: - <its name>` line.
    ///
    /// For the build-tool plugin, which must name its outputs before the tool runs: one file per model
    /// is known from the model's path alone, the per-entity files are not. The first file's banner stays
    /// the first line, so the writer still recognises the combined file as generated. Swift accepts the
    /// repeated `import` lines anywhere at file scope.
    public static func combined(_ files: [GeneratedFile], named name: String) -> GeneratedFile {
        let sections = files.enumerated().map { index, file in
            index == 0 ? file.contents : "\n// MARK: - \(file.relativePath)\n\n" + file.contents
        }
        return GeneratedFile(relativePath: name, contents: sections.joined(), kind: .machine)
    }
}
