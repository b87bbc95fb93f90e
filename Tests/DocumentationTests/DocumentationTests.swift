import Foundation
import ManagedModel
import SampleValues
import Testing

/// The README is the front page and the catalog holds the rest: the README stays short, starts with the commands
/// CI relies on, shows generated code as it is generated, and every link in it and in the catalog leads somewhere.
@Suite struct DocumentationTests {
    static let catalog = "Sources/managed-codegen/Documentation.docc"

    func text(_ path: String) throws -> String {
        try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The fenced code blocks of a Markdown text, in order, each with its info string.
    func codeBlocks(_ markdown: String) -> [(language: String, lines: [String])] {
        var blocks: [(String, [String])] = []
        var current: (String, [String])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(open)
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else {
                current?.1.append(line)
            }
        }
        return blocks
    }

    @Test func theReadmeIsAFrontPage() throws {
        let readme = try text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 200, "README.md has \(lines.count) lines; move detail into \(Self.catalog)")
        // The two set-up commands come first, and the test command is the one CI runs.
        let commands = codeBlocks(readme).prefix(2).map { $0.lines.joined(separator: "\n") }
        #expect(commands == [
            "swift run managed-codegen generate Fixtures/Models/Inventory.xcdatamodeld --output .build/example/Generated --human-output .build/example/Model",
            "swift test --disable-xctest",
        ])
        let ci = try text(".ci/run").split(separator: "\n").map(String.init)
        #expect(ci.contains("swift test --disable-xctest"))
        #expect(ci.contains("scripts/build-docs.sh .build/docs"))
        #expect(ci.contains("scripts/check-shipped-scripts.sh"), "CI checks every shipped script and the fuzz target")
    }

    /// The README's install commands are the getting-started article's, each line word for word.
    @Test func theReadmeInstallCommandsAreTheArticles() throws {
        let install = codeBlocks(try text("README.md")).first { $0.lines.contains { $0.hasPrefix("make install") } }?.lines ?? []
        #expect(install.count >= 3, "README has no block of install commands")
        let article = codeBlocks(try text("\(Self.catalog)/GettingStartedOnTheCommandLine.md")).flatMap(\.lines)
        for line in install {
            #expect(article.contains { $0.hasPrefix(line) }, "not in GettingStartedOnTheCommandLine.md: \(line)")
        }
    }

    /// Only `make install` (and the release archives) give a binary that carries the Swift runtime on Linux
    /// (`--static-swift-stdlib` in the Makefile); the README and the article say which install path gives which,
    /// rather than calling every one self-contained.
    @Test func theInstallPathsSayWhichBinaryTheyGive() throws {
        #expect(try text("Makefile").contains("--static-swift-stdlib"))
        let readme = try text("README.md")
        let section = readme.components(separatedBy: "## Install\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        #expect(!section.contains("One self-contained binary"))
        #expect(section.contains("`swift package experimental-install` and `mint install` build it without the static runtime"))
        #expect(section.contains("needs the Swift runtime libraries"))
        let article = try text("\(Self.catalog)/GettingStartedOnTheCommandLine.md")
        #expect(article.contains("| `swift package experimental-install`, `mint install` | a plain release build: it needs the Swift runtime"))
    }

    /// ManagedCodegen has no public home: no command asks the reader to fill in a placeholder owner or host.
    @Test func noCommandNamesAPlaceholderOwner() throws {
        let catalog = TestSupport.packageRoot.appendingPathComponent(Self.catalog)
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        #expect(articles.count > 5)
        for path in ["README.md"] + articles.map({ "\(Self.catalog)/\($0)" }) {
            let lines = codeBlocks(try text(path)).flatMap(\.lines)
            #expect(!lines.contains { $0.contains("<owner>") || $0.contains("github.com/<") }, "\(path)")
        }
        let swiftPM = codeBlocks(try text("\(Self.catalog)/GettingStartedWithSwiftPM.md")).flatMap(\.lines)
        #expect(swiftPM.contains { $0.contains(".package(name: \"ManagedCodegen\", path: ") })
    }

    /// A fresh Linux machine needs libxml2-dev and pkg-config before either set-up command: the README gives the
    /// install line inline, and it is the getting-started article's, word for word.
    @Test func theReadmeInstallLineIsTheArticles() throws {
        let install = "dpkg -s libxml2-dev pkg-config >/dev/null 2>&1 || (apt-get update && apt-get install -y libxml2-dev pkg-config)"
        let readme = try text("README.md").replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains("`\(install)`"))
        let article = try text("\(Self.catalog)/GettingStartedOnTheCommandLine.md")
        #expect(codeBlocks(article).contains { $0.lines == [install] })
    }

    /// Each line of the README's Swift excerpt (but `// …` and blank lines) is a line of the generated file, in the
    /// same order.
    @Test func theReadmeExcerptIsGeneratedCode() throws {
        let readme = try text("README.md")
        let excerpt = try #require(codeBlocks(readme).first { $0.language == "swift" }).lines
        let generated = try text("Fixtures/Expected/Generated/Inventory/machine/Item+Generated.swift")
            .split(separator: "\n").map(String.init)
        var position = generated.startIndex
        for line in excerpt where !["", "// …"].contains(line.trimmingCharacters(in: .whitespaces)) {
            guard let found = generated[position...].firstIndex(of: line) else {
                Issue.record("README's excerpt line is not in Item+Generated.swift (in order): \(line)")
                return
            }
            position = found + 1
        }
        #expect(excerpt.count > 10)
    }

    /// Relative links of the README lead to files; `<doc:Name>` links of the catalog name its articles.
    @Test func linksLeadSomewhere() throws {
        let readme = try text("README.md")
        let linkPattern = try Regex(#"\]\(([^)#\s]+)[^)]*\)"#)
        var checked = 0
        for match in readme.matches(of: linkPattern) {
            let target = String(readme[match.output[1].range!])
            guard !target.contains("://") else { continue }
            checked += 1
            #expect(
                FileManager.default.fileExists(atPath: TestSupport.packageRoot.appendingPathComponent(target).path),
                "README links to \(target), which does not exist")
        }
        #expect(checked > 10)

        let folder = TestSupport.packageRoot.appendingPathComponent(Self.catalog)
        let articles = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        let names = Set(articles.map { String($0.dropLast(3)) })
        let docLink = try Regex(#"<doc:([A-Za-z0-9_-]+)(#[^>]*)?>"#)
        for article in articles {
            let body = try text("\(Self.catalog)/\(article)")
            for match in body.matches(of: docLink) {
                let name = String(body[match.output[1].range!])
                #expect(names.contains(name), "\(article) links to <doc:\(name)>, which is not an article of the catalog")
            }
        }
    }

    /// Every user-info key the generator reads, with every alias, is in the reference article's tables.
    @Test func everyUserInfoKeyIsInTheReference() throws {
        let article = try text("\(Self.catalog)/UserInfoKeys.md")
        let keys = TypedOverrideKeys.enumeration + TypedOverrideKeys.unknownCase + TypedOverrideKeys.codable
            + TypedOverrideKeys.readOnly + TypedOverrideKeys.ignore + TypedOverrideKeys.documentation
            + [SampleValueSynthesizer.sampleValueKey, SampleValueSynthesizer.modifiedSampleValueKey]
        for key in keys {
            #expect(
                article.split(separator: "\n").contains { $0.hasPrefix("|") && $0.contains("`\(key)`") },
                "UserInfoKeys.md has no table row naming \(key)")
        }
    }
}
