import ManagedModel
@testable import ModelLock
import Testing

/// The lock file's text round-trips, and the fingerprint follows Apple's version-hash inputs: store-relevant
/// edits change it, defaults, validation, user info and class names do not.
@Suite struct ModelLockTests {
    static let here = SourceLocation(path: "contents", line: 3)

    static func schema(_ configure: @Sendable (inout Entity) -> Void = { _ in }) -> Schema {
        var item = Entity(
            name: "Item", location: here, representedClassName: "Item", className: "Item",
            attributes: [
                Attribute(name: "name", location: here, type: .string, minValue: .integer(1), regularExpression: "[a-z]+"),
                Attribute(name: "price", location: here, type: .decimal, isOptional: true, defaultValue: .decimal("1.5")),
            ],
            relationships: [Relationship(name: "tags", location: here, destinationEntity: "Tag", isOptional: true, isToMany: true, inverseName: "items", inverseEntity: "Tag")])
        configure(&item)
        let tag = Entity(
            name: "Tag", location: here,
            attributes: [Attribute(name: "label", location: here, type: .string, versionHashModifier: "a \"quoted\" = modifier")],
            relationships: [Relationship(name: "items", location: here, destinationEntity: "Item", isOptional: true, isToMany: true, inverseName: "tags", inverseEntity: "Item")])
        return Schema(contentsPath: "contents", modelName: "Model", versionName: "Model 2", entities: [item, tag])
    }

    @Test func textRoundTrips() throws {
        let lock = ModelLock(versions: [StoreFingerprint(Self.schema())])
        let text = lock.text(modelName: "Model")
        let parsed = try ModelLock.parse(text, path: "Model.managed-codegen.lock")
        #expect(parsed == lock)
        #expect(parsed.text(modelName: "Model") == text)
        #expect(text.contains("version \"Model 2\" \(lock.versions[0].hash)\n"))
        #expect(text.contains("\n  attribute price type=Decimal optional=YES\n"))
        #expect(text.contains("\n  entity Item \(lock.versions[0].entities[0].hash)\n"))
        #expect(parsed.versions[0].entity(named: "Item")?.location == SourceLocation(path: "Model.managed-codegen.lock", line: 11))
    }

    static let storeEdits: [(String, @Sendable (inout Entity) -> Void)] = [
        ("became non-optional", { (item: inout Entity) in item.attributes[1].isOptional = false }),
        ("changed its type from Decimal to Double", { (item: inout Entity) in item.attributes[1].type = .double }),
        ("was removed", { (item: inout Entity) in item.attributes[1].isTransient = true }),
        ("changed its version hash modifier from - to v2", { (item: inout Entity) in item.attributes[1].versionHashModifier = "v2" }),
        ("became to-one", { (item: inout Entity) in item.relationships[0].isToMany = false }),
        ("became ordered", { (item: inout Entity) in item.relationships[0].isOrdered = true }),
        ("became abstract", { (item: inout Entity) in item.isAbstract = true }),
        ("was added", { (item: inout Entity) in item.attributes.append(Attribute(name: "extra", location: here, type: .string)) }),
        ("was removed", { (item: inout Entity) in item.attributes.removeFirst() }),
    ]

    @Test(arguments: storeEdits.indices)
    func storeRelevantEditsChangeTheFingerprint(index: Int) {
        let (words, edit) = Self.storeEdits[index]
        let locked = StoreFingerprint(Self.schema())
        let edited = StoreFingerprint(Self.schema(edit))
        #expect(locked.hash != edited.hash)
        let changes = LockCheck.changes(from: locked, to: edited, contentsPath: "contents")
        #expect(changes.count == 1)
        #expect(changes.first?.description.contains(words) == true, "\(changes)")
    }

    static let otherEdits: [@Sendable (inout Entity) -> Void] = [
        { (item: inout Entity) in item.attributes[1].defaultValue = .decimal("2") },
        { (item: inout Entity) in item.attributes[0].minValue = .integer(3) },
        { (item: inout Entity) in item.attributes[0].regularExpression = nil },
        { (item: inout Entity) in item.userInfo = [UserInfoEntry(key: "k", value: "v")] },
        { (item: inout Entity) in item.attributes[0].userInfo = [UserInfoEntry(key: "k", value: "v")] },
        { (item: inout Entity) in item.representedClassName = "Product"; item.className = "Product" },
        { (item: inout Entity) in item.attributes[0].renamingIdentifier = "title" },
        { (item: inout Entity) in item.relationships[0].deletionRule = .cascade },
    ]

    @Test(arguments: otherEdits.indices)
    func otherEditsDoNot(index: Int) {
        let edit = Self.otherEdits[index]
        let locked = StoreFingerprint(Self.schema())
        let edited = StoreFingerprint(Self.schema(edit))
        #expect(locked.hash == edited.hash)
        #expect(LockCheck.changes(from: locked, to: edited, contentsPath: "contents").isEmpty)
    }

    @Test func unreadableLinesAreErrorsAtTheirLine() {
        #expect(throws: DiagnosticsError.self) { try ModelLock.parse("lock-format 2\nversion \"A\" 00\n  entity\n", path: "x.lock") }
        do {
            _ = try ModelLock.parse("# c\nlock-format 2\nversion \"A\" 00\n  entity E 00 abstract\n", path: "x.lock")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.all.first?.location == SourceLocation(path: "x.lock", line: 4))
        } catch {
            Issue.record("\(error)")
        }
    }

    /// A lock file from before `lock-format 2` is one error at its first line, saying how to re-create it.
    @Test func anOutdatedLockFileIsOneClearError() {
        let old = "# managed-codegen lock\n\nversion \"A\" 0011223344556677\n  entity E 8899aabbccddeeff abstract=NO parent=- modifier=-\n"
        #expect(ModelLock.isOutdatedFormat(old))
        do {
            _ = try ModelLock.parse(old, path: "x.lock", relock: "managed-codegen lock M.xcdatamodeld --force")
            Issue.record("parsed an outdated lock file")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.all.count == 1)
            #expect(error.diagnostics.all.first?.location == SourceLocation(path: "x.lock", line: 1))
            #expect(error.diagnostics.all.first?.message.contains("re-create it with `managed-codegen lock M.xcdatamodeld --force`") == true)
        } catch {
            Issue.record("\(error)")
        }
    }

    /// Each distinct entity description is written once; versions refer to it by hash.
    @Test func unchangedEntitiesAreWrittenOnce() throws {
        var v1 = StoreFingerprint(Self.schema())
        v1.versionName = "Model 1"
        v1.contentsDigest = "00112233aabbccdd"
        let v2 = StoreFingerprint(Self.schema { $0.attributes[1].isOptional = false })
        let lock = ModelLock(versions: [v1, v2])
        let text = lock.text(modelName: "Model")
        #expect(text.components(separatedBy: "\nentity Tag ").count == 2)
        #expect(text.components(separatedBy: "\nentity Item ").count == 3)
        #expect(text.contains("version \"Model 1\" \(v1.hash) contents=00112233aabbccdd\n"))
        let parsed = try ModelLock.parse(text, path: "x.lock")
        #expect(parsed == lock)
        #expect(parsed.versions[0].contentsDigest == "00112233aabbccdd")
        #expect(parsed.versions[1].contentsDigest == nil)
    }

    /// The lock's order is the order of its entries, also in a file written before the order was stated (no
    /// comment about it): a version out of natural order stays where it is, and the version shipped before
    /// another is the entry above it (for a version not locked yet, the last entry).
    @Test func theOrderIsTheOrderOfTheEntries() throws {
        var later = StoreFingerprint(Self.schema())
        later.versionName = "V 23"
        var earlier = StoreFingerprint(Self.schema { $0.attributes[1].isOptional = false })
        earlier.versionName = "V33"
        let text = ModelLock(versions: [earlier, later]).text(modelName: "Model")
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        let parsed = try ModelLock.parse(text, path: "x.lock")
        #expect(parsed.versions.map(\.versionName) == ["V33", "V 23"])
        #expect(parsed.versionShipped(before: "V 23")?.versionName == "V33")
        #expect(parsed.versionShipped(before: "V33") == nil)
        #expect(parsed.versionShipped(before: "V 24")?.versionName == "V 23")
    }

    /// Locked versions keep their place; new ones are appended in the assumed order, the current version last.
    @Test func newVersionsAreAppendedInTheAssumedOrder() {
        let assumed = ModelLock.assumedShippingOrder(naturallyOrdered: ["M", "M 2", "M 3", "M 10"], current: "M 3")
        #expect(assumed == ["M", "M 2", "M 10", "M 3"])
        var locked = StoreFingerprint(Self.schema())
        locked.versionName = "M 2"
        let lock = ModelLock(versions: [locked])
        #expect(lock.shippingOrder(of: ["M", "M 2", "M 3", "M 10"], assumedOrder: assumed) == ["M 2", "M", "M 10", "M 3"])
        #expect(lock.shippingOrder(of: ["M", "M 3"], assumedOrder: assumed) == ["M", "M 3"])
    }

    /// Issue 44: a real app has both spellings (`V32`, `V33`, then `V 23` … `V 58`); numbers decide, spaces and
    /// punctuation do not, so `V 23` comes after `V22` and before `V32` (before: after every `V<n>`).
    @Test func theAssumedOrderIgnoresSpacesAndPunctuation() {
        let names = ["Model V32", "Model V 23", "Model V22", "Model V33", "Model V 58", "Model-V_24", "Model"]
        #expect(ModelLock.assumedShippingOrder(naturallyOrdered: names, current: "Model V 58") == [
            "Model", "Model V22", "Model V 23", "Model-V_24", "Model V32", "Model V33", "Model V 58",
        ])
        // The bundle's own (corpus) order still keeps spaces: only the assumed shipping order ignores them.
        #expect(NaturalOrder(ignoringPunctuation: false).sorted(["M V 23", "M V32"]) == ["M V32", "M V 23"])
        #expect(NaturalOrder(ignoringPunctuation: true).sorted(["M V 23", "M V32", "M v9"]) == ["M v9", "M V 23", "M V32"])
    }

    /// A hop removing what a later version has again is reported once, naming the first version that has it again;
    /// a removal for good, or an addition, is not.
    @Test func anOrderThatRemovesAndRestoresIsFound() {
        func version(_ name: String, _ configure: @Sendable (inout Entity) -> Void = { _ in }) -> StoreFingerprint {
            var schema = Self.schema(configure)
            schema.versionName = name
            return StoreFingerprint(schema)
        }
        let withoutPrice = { @Sendable (entity: inout Entity) in entity.attributes.removeAll { $0.name == "price" } }
        let versions = [version("V22"), version("V33", withoutPrice), version("V 23", withoutPrice), version("V 24")]
        let findings = LockOrderCheck.findings(versions)
        #expect(findings == [LockOrderCheck.Finding(from: "V22", to: "V33", removed: ["Item.price"], restoredIn: "V 24")])
        #expect(LockOrderCheck.findings([version("A"), version("B", withoutPrice)]).isEmpty)
        #expect(LockOrderCheck.findings([version("A", withoutPrice), version("B")]).isEmpty)
        let diagnostics = LockOrderCheck.diagnostics(findings, lockPath: "Model.managed-codegen.lock").all
        #expect(diagnostics.map(\.ruleID) == [LockOrderRules.removedThenRestored.id])
        #expect(diagnostics.first?.description.hasPrefix(
            "Model.managed-codegen.lock: warning: in the assumed order, 'V22' -> 'V33' removes Item.price, which 'V 24' has again") == true)
    }
}
