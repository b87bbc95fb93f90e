import Foundation
import ModelLock
import ModelReader
import Testing

/// `lock`, the lock check in `generate` and `migration-check`, through the binary: an edit to a store-relevant
/// value of a locked version fails `generate` at the edited line, naming the change and the fix; an edit Core
/// Data's version hashes ignore does not; each rule of the migration fixture is classified as its reference says.
@Suite struct ModelLockCLITests {
    static let migrations = "Fixtures/MigrationRules/Migrations.xcdatamodeld"
    static let expectedMigrationChecks = TestSupport.expected.appendingPathComponent("MigrationCheck")

    /// A copy of `fixture` in a fresh folder; tests run in that folder, so paths in diagnostics are relative.
    static func workspace(_ fixture: String, name: String = #function) throws -> (folder: URL, model: String) {
        let folder = try TestSupport.temporaryDirectory(name)
        try FileManager.default.copyItem(
            at: TestSupport.fixtureModels.appendingPathComponent("\(fixture).xcdatamodeld"),
            to: folder.appendingPathComponent("\(fixture).xcdatamodeld"))
        return (folder, "\(fixture).xcdatamodeld")
    }

    static func edit(_ folder: URL, _ contents: String, replacing old: String, with new: String) throws {
        let url = folder.appendingPathComponent(contents)
        let text = try String(contentsOf: url, encoding: .utf8)
        try #require(text.contains(old), "\(old) not in \(contents)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    static func generate(_ model: String, in folder: URL, _ extra: [String] = []) throws -> CLI.Run {
        try CLI.run(["generate", model, "--output", "Generated", "--human-output", "Model", "--quiet"] + extra, in: folder)
    }

    static let inventoryContents = "Inventory.xcdatamodeld/Inventory.xcdatamodel/contents"

    /// (edit: old text, new text; expected words; expected line).
    static let storeRelevantEdits: [(String, String, String, Int)] = [
        ("name=\"discount\" optional=\"YES\" attributeType=\"Double\"", "name=\"discount\" attributeType=\"Double\"",
         "attribute Item.discount became non-optional", 5),
        ("name=\"itemId\" attributeType=\"String\"", "name=\"itemId\" attributeType=\"UUID\"",
         "attribute Item.itemId changed its type from String to UUID", 6),
        ("<attribute name=\"name\" attributeType=\"String\"/>\n        <attribute name=\"stockCount\"",
         "<attribute name=\"name\" attributeType=\"String\" transient=\"YES\"/>\n        <attribute name=\"stockCount\"",
         "attribute Item.name was removed", 3),
        ("<relationship name=\"owner\" maxCount=\"1\"", "<relationship name=\"owner\" optional=\"YES\" maxCount=\"1\"",
         "relationship Item.owner became optional", 11),
        ("<relationship name=\"owner\" maxCount=\"1\"", "<relationship name=\"owner\" toMany=\"YES\"",
         "relationship Item.owner became to-many", 11),
        ("deletionRule=\"Cascade\" ordered=\"YES\"", "deletionRule=\"Cascade\"", "relationship Person.items became unordered", 16),
        ("<attribute name=\"unitPrice\" attributeType=\"Decimal\"/>\n",
         "<attribute name=\"unitPrice\" attributeType=\"Decimal\"/>\n        <attribute name=\"sku\" optional=\"YES\" attributeType=\"String\"/>\n",
         "attribute Item.sku was added", 11),
        ("        <attribute name=\"unitCost\" attributeType=\"Decimal\"/>\n", "", "attribute Item.unitCost was removed", 3),
        ("<entity name=\"Tag\" representedClassName=\"Tag\"", "<entity name=\"Tag\" representedClassName=\"Tag\" isAbstract=\"YES\"",
         "entity Tag became abstract", 18),
        ("<attribute name=\"name\" attributeType=\"String\"/>\n        <relationship name=\"items\" optional=\"YES\" toMany=\"YES\" deletionRule=\"Cascade\"",
         "<attribute name=\"name\" attributeType=\"String\" versionHashModifier=\"2\"/>\n        <relationship name=\"items\" optional=\"YES\" toMany=\"YES\" deletionRule=\"Cascade\"",
         "attribute Person.name changed its version hash modifier from - to 2", 15),
        ("<relationship name=\"tags\" optional=\"YES\" toMany=\"YES\"", "<relationship name=\"tags\" optional=\"YES\" toMany=\"YES\" maxCount=\"5\"",
         "relationship Item.tags changed its maximum count from 0 to 5", 12),
        ("<relationship name=\"tags\" optional=\"YES\" toMany=\"YES\"", "<relationship name=\"tags\" optional=\"YES\" toMany=\"YES\" minCount=\"1\"",
         "relationship Item.tags changed its minimum count from 0 to 1", 12),
        ("</model>", "    <entity name=\"Shelf\" representedClassName=\"Shelf\" syncable=\"YES\">\n        <attribute name=\"code\" attributeType=\"String\"/>\n    </entity>\n</model>",
         "entity Shelf was added", 22),
    ]

    @Test(arguments: storeRelevantEdits.indices)
    func editingALockedVersionFailsGenerate(index: Int) throws {
        let (old, new, words, line) = Self.storeRelevantEdits[index]
        let (folder, model) = try Self.workspace("Inventory")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = try CLI.run(["lock", model], in: folder)
        #expect(lock.status == 0, "\(lock.stderr)")
        #expect(lock.stdout == "Inventory.managed-codegen.lock: locked 'Inventory' (1 locked version)\n")
        try Self.edit(folder, Self.inventoryContents, replacing: old, with: new)

        let run = try Self.generate(model, in: folder)
        run.expectRefusedModel(contentsPath: Self.inventoryContents, messageContaining: words, line: line)
        #expect(run.stderr.contains(
            "\(words) in locked model version 'Inventory': stores created by apps that shipped it would no longer open; "
                + "add a new model version for this change (Editor > Add Model Version), or, if 'Inventory' never shipped, "
                + "re-lock it: managed-codegen lock Inventory.xcdatamodeld --force"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Model").path))

        // `lock` without --force refuses the same way and leaves the lock as it was; --force re-locks.
        let lockText = try String(contentsOf: folder.appendingPathComponent("Inventory.managed-codegen.lock"), encoding: .utf8)
        let refused = try CLI.run(["lock", model], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(words))
        #expect(try String(contentsOf: folder.appendingPathComponent("Inventory.managed-codegen.lock"), encoding: .utf8) == lockText)
        let forced = try CLI.run(["lock", model, "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout == "Inventory.managed-codegen.lock: re-locked 'Inventory' (1 locked version)\n")
        #expect(try Self.generate(model, in: folder).status == 0)
    }

    /// Values none of Apple's version hashes include: defaults, validation, user info, class names, renaming
    /// identifiers, delete rules.
    static let otherEdits: [(String, String)] = [
        ("defaultValueString=\"0\"", "defaultValueString=\"7\""),
        ("<attribute name=\"name\" attributeType=\"String\"/>\n        <attribute name=\"stockCount\"",
         "<attribute name=\"name\" attributeType=\"String\" minValueString=\"1\" maxValueString=\"40\"/>\n        <attribute name=\"stockCount\""),
        ("name=\"itemId\" attributeType=\"String\"", "name=\"itemId\" attributeType=\"String\" regularExpressionString=\"[A-Z]+\""),
        ("        <relationship name=\"tags\"",
         "        <userInfo>\n            <entry key=\"note\" value=\"x\"/>\n        </userInfo>\n        <relationship name=\"tags\""),
        ("<entity name=\"Item\" representedClassName=\"Item\"", "<entity name=\"Item\" representedClassName=\"Product\""),
        ("name=\"itemId\" attributeType=\"String\"", "name=\"itemId\" attributeType=\"String\" elementID=\"code\""),
        ("deletionRule=\"Cascade\" ordered=\"YES\"", "deletionRule=\"Deny\" ordered=\"YES\""),
    ]

    @Test(arguments: otherEdits.indices)
    func editsTheStoreIgnoresPass(index: Int) throws {
        let (old, new) = Self.otherEdits[index]
        let (folder, model) = try Self.workspace("Inventory")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["lock", model], in: folder).status == 0)
        try Self.edit(folder, Self.inventoryContents, replacing: old, with: new)
        let run = try Self.generate(model, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        // The store schema is the same; only the digest of the contents file is new.
        let relock = try CLI.run(["lock", model], in: folder)
        #expect(relock.stdout == "Inventory.managed-codegen.lock: store schema unchanged, contents digest updated for 'Inventory' (1 locked version)\n", "\(relock.stderr)")
        #expect(try CLI.run(["lock", model], in: folder).stdout == "Inventory.managed-codegen.lock: up to date (1 locked version)\n")
    }

    /// Without a lock file there is no check and no output about it; versions not in the lock are not checked.
    @Test func onlyLockedVersionsAreChecked() throws {
        let (folder, model) = try Self.workspace("Versions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let version3 = "Versions.xcdatamodeld/Versions 3.xcdatamodel/contents"
        try Self.edit(folder, version3, replacing: "<attribute name=\"label\" attributeType=\"String\"/>",
                      with: "<attribute name=\"label\" attributeType=\"Integer 64\"/>")
        let unlocked = try Self.generate(model, in: folder)
        #expect(unlocked.status == 0 && unlocked.stderr.isEmpty, "\(unlocked.stderr)")
        #expect(try CLI.run(["lock", model, "--model-version", "Versions 2"], in: folder).status == 0)
        let lockText = try String(contentsOf: folder.appendingPathComponent("Versions.managed-codegen.lock"), encoding: .utf8)
        #expect(lockText.contains("version \"Versions 2\" "))
        #expect(!lockText.contains("version Versions ") && !lockText.contains("version \"Versions 3\""))
        let run = try Self.generate(model, in: folder, ["--model-version", "Versions 3"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")

        try Self.edit(folder, "Versions.xcdatamodeld/Versions 2.xcdatamodel/contents",
                      replacing: "<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>", with: "")
        let failed = try Self.generate(model, in: folder, ["--model-version", "Versions 3"])
        failed.expectRefusedModel(
            contentsPath: "Versions.xcdatamodeld/Versions 2.xcdatamodel/contents",
            messageContaining: "attribute Note.body was removed in locked model version 'Versions 2'", line: 3)
        #expect(failed.stderr.contains("Versions.managed-codegen.lock:12: note: locked here"), "\(failed.stderr)")
    }

    /// A locked version whose contents file has the bytes it had when locked is not read: a lock whose entity
    /// was tampered with but whose digests still match passes; with one digest changed, that version is read and
    /// compared.
    @Test func anUnchangedLockedVersionIsNotRead() throws {
        let (folder, model) = try Self.workspace("Versions")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["lock", model], in: folder).status == 0)
        let lockURL = folder.appendingPathComponent("Versions.managed-codegen.lock")
        let text = try String(contentsOf: lockURL, encoding: .utf8)
        try #require(text.contains("  attribute body type=String optional=YES\n"))
        // The entity's lines and its hash (in the version's reference and in its description), consistently.
        let version2 = try #require(text.range(of: "version \"Versions 2\""))
        let reference = try #require(text.range(of: "  entity Note ", range: version2.upperBound..<text.endIndex))
        let noteHash = String(text[reference.upperBound...].prefix(16))
        let tampered = text.replacingOccurrences(of: "  attribute body type=String optional=YES\n", with: "  attribute body type=Date optional=YES\n")
            .replacingOccurrences(of: noteHash, with: "00000000000000ff")
        try tampered.write(to: lockURL, atomically: true, encoding: .utf8)
        let trusted = try Self.generate(model, in: folder)
        #expect(trusted.status == 0 && trusted.stderr.isEmpty, "\(trusted.stderr)")

        let digest = try #require(tampered.range(of: #"version "Versions 2" [0-9a-f]{16} contents=[0-9a-f]{16}"#, options: .regularExpression))
        let line = String(tampered[digest])
        try tampered.replacingOccurrences(of: line, with: String(line.dropLast(16)) + "0000000000000000")
            .write(to: lockURL, atomically: true, encoding: .utf8)
        let read = try Self.generate(model, in: folder, ["--model-version", "Versions 3"])
        read.expectRefusedModel(
            contentsPath: "Versions.xcdatamodeld/Versions 2.xcdatamodel/contents",
            messageContaining: "attribute Note.body changed its type from Date to String in locked model version 'Versions 2'", line: 4)
    }

    /// `lock --force --model-version` re-locks that version without reading the others (here one that no longer
    /// parses), and keeps their lines as they were.
    @Test func forcingOneVersionReadsOnlyThatVersion() throws {
        let (folder, model) = try Self.workspace("Versions")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["lock", model], in: folder).status == 0)
        let lockURL = folder.appendingPathComponent("Versions.managed-codegen.lock")
        let before = try String(contentsOf: lockURL, encoding: .utf8)
        try Self.edit(folder, "Versions.xcdatamodeld/Versions.xcdatamodel/contents", replacing: "</model>", with: "")
        try Self.edit(folder, "Versions.xcdatamodeld/Versions 3.xcdatamodel/contents",
                      replacing: "<attribute name=\"label\" attributeType=\"String\"/>", with: "<attribute name=\"label\" attributeType=\"Date\"/>")
        let forced = try CLI.run(["lock", model, "--force", "--model-version", "Versions 3"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout == "Versions.managed-codegen.lock: re-locked 'Versions 3' (3 locked versions)\n")
        let after = try String(contentsOf: lockURL, encoding: .utf8)
        // Without the record of the hops into the version (`straight-hops=`, `hop-findings=`, quoted): the one into
        // 'Versions 2' covers 'Versions 3'.
        let versionLine = { (text: String, name: String) in
            text.split(separator: "\n").first { $0.hasPrefix("version \(name) ") }?
                .replacing(#/ straight-hops=\S+/#, with: "").replacing(#/ hop-findings="(?:[^"\\]|\\.)*"/#, with: "")
        }
        #expect(versionLine(before, "Versions") == versionLine(after, "Versions"))
        #expect(versionLine(before, "\"Versions 2\"") == versionLine(after, "\"Versions 2\""))
        #expect(versionLine(before, "\"Versions 3\"") != versionLine(after, "\"Versions 3\""))
    }

    /// The first lock of a history assumes the natural order with the current version last (`Versions 2` is this
    /// fixture's current version) and says so; a corrected order survives the next `lock`, and `migration-check`
    /// compares with the version above the checked one in the lock, not the one before it by name.
    @Test func theLockRecordsTheShippedOrderAndMigrationCheckFollowsIt() throws {
        let (folder, model) = try Self.workspace("Versions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLI.run(["lock", model], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("assumed these versions shipped in this order (natural order"), "\(first.stdout)")
        #expect(first.stdout.contains(":\n  Versions\n  Versions 3\n  Versions 2\n"), "one version a line: \(first.stdout)")
        #expect(first.stdout.contains("move their version blocks in the lock file"))
        let lockURL = folder.appendingPathComponent("Versions.managed-codegen.lock")
        // The name on each version line, quoted as written.
        let versionLines = { (text: String) in
            text.split(separator: "\n").filter { $0.hasPrefix("version ") }.map { line -> String in
                let rest = line.dropFirst("version ".count)
                guard rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") else { return String(rest.prefix { $0 != " " }) }
                return String(rest[...close])
            }
        }
        let text = try String(contentsOf: lockURL, encoding: .utf8)
        #expect(versionLines(text) == ["Versions", "\"Versions 3\"", "\"Versions 2\""])

        let check = try CLI.run(["migration-check", model, "--model-version", "Versions 2"], in: folder)
        #expect(check.stdout.hasPrefix("'Versions 3' -> 'Versions 2':"), "\(check.stdout)")

        // The user corrects the order: the block of "Versions 3" moves last.
        let blocks = text.components(separatedBy: "\n\n")
        let v3 = try #require(blocks.firstIndex { $0.hasPrefix("version \"Versions 3\"") })
        let v2 = try #require(blocks.firstIndex { $0.hasPrefix("version \"Versions 2\"") })
        var corrected = blocks
        corrected.swapAt(v3, v2)
        try corrected.joined(separator: "\n\n").write(to: lockURL, atomically: true, encoding: .utf8)
        let again = try CLI.run(["lock", model], in: folder)
        #expect(again.status == 0 && !again.stdout.contains("assumed"), "\(again.stdout)\(again.stderr)")
        #expect(versionLines(try String(contentsOf: lockURL, encoding: .utf8)) == ["Versions", "\"Versions 2\"", "\"Versions 3\""])
        let followed = try CLI.run(["migration-check", model, "--model-version", "Versions 2"], in: folder)
        #expect(followed.stdout.hasPrefix("'Versions' -> 'Versions 2':"), "\(followed.stdout)")
    }

    /// A real app spells its versions two ways (`Model V22`, `Model V 23`, `Model V32`): the first lock orders them by
    /// number, spaces ignored, and prints the order one version a line. Where that order removes an attribute a
    /// later version has again (here: `note` is only in V32, so V32 -> V33 -> V 34 would not matter, but V 23 lacks
    /// what V22 and V32 have), it warns with the rule's identity.
    @Test func theFirstLockOrdersInconsistentlySpelledVersionsByNumber() throws {
        let folder = try TestSupport.temporaryDirectory(#function)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Spelled.xcdatamodeld")
        func version(_ name: String, _ attributes: String) throws {
            let directory = bundle.appendingPathComponent("\(name).xcdatamodel")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
                    <entity name="Item" representedClassName="Item" syncable="YES">
                        \(attributes)
                    </entity>
                </model>
                """.write(to: directory.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        }
        let name = #"<attribute name="name" optional="YES" attributeType="String"/>"#
        let note = #"<attribute name="note" optional="YES" attributeType="String"/>"#
        try version("Model V22", name)
        try version("Model V 23", name + note)
        try version("Model V32", name + note)
        try version("Model V 4", name)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Model V32.xcdatamodel</string></dict></plist>
            """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["lock", "Spelled.xcdatamodeld"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("spaces and punctuation ignored"), "\(run.stdout)")
        #expect(run.stdout.contains(":\n  Model V 4\n  Model V22\n  Model V 23\n  Model V32\n"), "\(run.stdout)")
        // V22 has no note, V 23 has one, and so has V32: nothing is removed and restored in this order.
        #expect(!run.stderr.contains("removes"), "\(run.stderr)")

        // A second bundle whose natural order removes `note` (V 23 -> V 24) that V32 has again.
        let other = folder.appendingPathComponent("again")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: bundle, to: other.appendingPathComponent("Spelled.xcdatamodeld"))
        let moved = other.appendingPathComponent("Spelled.xcdatamodeld")
        let v24 = moved.appendingPathComponent("Model V 24.xcdatamodel")
        try FileManager.default.createDirectory(at: v24, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: moved.appendingPathComponent("Model V22.xcdatamodel/contents"), to: v24.appendingPathComponent("contents"))
        let warned = try CLI.run(["lock", "Spelled.xcdatamodeld"], in: other)
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(
            warned.stderr.contains(
                "Spelled.managed-codegen.lock: warning: in the assumed order, 'Model V 23' -> 'Model V 24' removes Item.note, which 'Model V32' has again"),
            "\(warned.stderr)")
        #expect(!warned.stderr.contains(other.path), "paths are relative: \(warned.stderr)")
    }

    /// A lock file written before `lock-format 2` is one error telling the user to re-create it; `lock --force`
    /// does, and `generate` passes again.
    @Test func anOutdatedLockFileIsOneErrorAndLockForceReplacesIt() throws {
        let (folder, model) = try Self.workspace("Inventory")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lockURL = folder.appendingPathComponent("Inventory.managed-codegen.lock")
        try """
            # managed-codegen lock for Inventory.xcdatamodeld: the store schema of each shipped model version.

            version Inventory 3e963e596f165c44
              entity Item 0a0b6f0f1685bf62 abstract=NO parent=- modifier=-
                attribute name type=String optional=NO transient=NO derived=NO external-storage=NO modifier=-

            """.write(to: lockURL, atomically: true, encoding: .utf8)
        let run = try Self.generate(model, in: folder)
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(
            "Inventory.managed-codegen.lock:1: error: this lock file was written by an earlier managed-codegen, which recorded values "
                + "Core Data does not hash; re-create it with `managed-codegen lock Inventory.xcdatamodeld --force`"), "\(run.stderr)")
        #expect(try CLI.run(["lock", model], in: folder).status == 1)
        let forced = try CLI.run(["lock", model, "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout == "Inventory.managed-codegen.lock: locked 'Inventory' (1 locked version)\n")
        #expect(try Self.generate(model, in: folder).status == 0)
    }

    /// `generate` warns about changes from the newest locked version to the current one that lightweight
    /// migration cannot infer; `--warnings-as-errors` makes them fatal.
    @Test func generateWarnsAboutMigrationsFromTheNewestLockedVersion() throws {
        let (folder, model) = try Self.workspace("Versions")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["lock", model, "--model-version", "Versions 2"], in: folder).status == 0)
        let version3 = "Versions.xcdatamodeld/Versions 3.xcdatamodel/contents"
        try Self.edit(folder, version3, replacing: "<attribute name=\"name\" attributeType=\"String\"/>",
                      with: "<attribute name=\"name\" attributeType=\"Integer 64\" usesScalarValueType=\"YES\"/>")
        let warned = try Self.generate(model, in: folder, ["--model-version", "Versions 3"])
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderrLines == [
            "\(version3):10: warning: not inferable migrating 'Versions 2' to 'Versions 3': attribute Notebook.name changed type from String to Integer 64: lightweight migration refuses it (\"Source and destination attribute types are incompatible\"; it converts only among Integer 16/32/64, Decimal, Double, Float and Boolean); add a new attribute (and a mapping model or a migration step to copy the values)",
            "Versions.xcdatamodeld/Versions 2.xcdatamodel/contents:9: note: as it was in 'Versions 2'",
        ])
        let strict = try Self.generate(model, in: folder, ["--model-version", "Versions 3", "--warnings-as-errors"])
        strict.expectRefusedModel(contentsPath: version3, messageContaining: "changed type from String to Integer 64", line: 10)

        let check = try CLI.run(["migration-check", model, "--model-version", "Versions 3"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout == "'Versions 2' -> 'Versions 3': 1 not inferable, 0 losing data, 0 may fail at migration time.\n")

        // Locking the version is an input of the no-change early stop: the next run does not replay the warning.
        #expect(try Self.generate(model, in: folder, ["--model-version", "Versions 3"]).stderrLines.count == 2)
        #expect(try CLI.run(["lock", model, "--model-version", "Versions 3"], in: folder).status == 0)
        let afterLock = try Self.generate(model, in: folder, ["--model-version", "Versions 3"])
        #expect(afterLock.status == 0 && afterLock.stderr.isEmpty, "\(afterLock.stderr)")
    }

    static let migrationVersions: [String] = {
        let folder = TestSupport.packageRoot.appendingPathComponent(migrations)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".xcdatamodel") && $0 != "00-base.xcdatamodel" }
            .map { String($0.dropLast(".xcdatamodel".count)) }.sorted()
    }()

    /// The rules lightweight migration cannot infer (or that lose data), by fixture version; every other
    /// version must pass. The reference files hold the exact messages.
    static let refusedRules: Set<String> = [
        "05-attribute-becomes-required-without-default", "07-rename-attribute-without-renaming-id", "08-attribute-changes-type",
        "09-add-required-attribute-without-default", "14-rename-entity-without-renaming-id", "16-to-many-becomes-to-one",
        "19-add-required-relationship", "20-relationship-changes-destination", "22-merge-entity-hierarchies",
        "25-rename-attribute-with-type-change", "26-transformable-becomes-binary", "28-external-storage-turned-off",
        "32-duplicate-entity-renaming-identifier", "33-duplicate-property-renaming-identifier",
        "34-rename-attribute-among-several-added",
    ]

    @Test(arguments: migrationVersions)
    func migrationCheckClassifiesEachRule(version: String) throws {
        let arguments = ["migration-check", Self.migrations, "--from", "00-base", "--model-version", version]
        let run = try CLI.run(arguments, in: TestSupport.packageRoot)
        #expect(run.status == (Self.refusedRules.contains(version) ? 1 : 0), "\(run.stderr)")
        let transcript = "$ managed-codegen \(arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))\n"
            + "exit status \(run.status)\n--- stdout\n\(run.stdout)--- stderr\n\(run.stderr)"
        assertMatchesReference(transcript, reference: Self.expectedMigrationChecks.appendingPathComponent("\(version).txt"))
    }

    @Test func migrationRuleFixtureHasEveryRule() {
        #expect(Self.migrationVersions.count == 35)
        #expect(Self.refusedRules.isSubset(of: Set(Self.migrationVersions)))
    }

    /// A lock written before issue 44 records a derived attribute with its type and optionality (Core Data hashes its
    /// expression only): `generate` still accepts it, and the next `lock` rewrites the entry without calling the
    /// version edited.
    @Test func aLockFromBeforeDerivedAttributesWereAlignedStillHolds() throws {
        let (folder, model) = try Self.workspace("Staff")
        defer { try? FileManager.default.removeItem(at: folder) }
        let locked = try CLI.run(["lock", model], in: folder)
        #expect(locked.status == 0, "\(locked.stderr)")
        let lockURL = folder.appendingPathComponent("Staff.managed-codegen.lock")
        let current = try String(contentsOf: lockURL, encoding: .utf8)
        #expect(current.contains("derivation=now()") && !current.contains("type=Date derivation"))
        // The same lock as an earlier managed-codegen wrote it.
        let schema = try ModelLoader.load(folder.appendingPathComponent(model).path).schema
        var legacy = StoreFingerprint(schema, legacyDerivedAttributes: true)
        legacy.contentsDigest = try ModelLock.parse(current, path: "Staff.managed-codegen.lock").versions.first?.contentsDigest
        #expect(legacy.hasLegacyDerivedAttributes)
        try ModelLock(versions: [legacy]).text(modelName: "Staff").write(to: lockURL, atomically: true, encoding: .utf8)
        let generated = try Self.generate(model, in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        let relocked = try CLI.run(["lock", model], in: folder)
        #expect(relocked.status == 0, "\(relocked.stderr)")
        #expect(relocked.stdout.contains("store schema unchanged"), "\(relocked.stdout)")
        #expect(try String(contentsOf: lockURL, encoding: .utf8) == current)
    }
}
