import ManagedModel
@testable import ModelLock
import Testing

/// `migration-check`'s rename advice pairs a removed element with an added one by name, never by type order alone
/// (issue 35: a real app's history, where the advice named the alphabetically first new attribute).
@Suite struct RenameAdviceTests {
    static let here = SourceLocation(path: "contents", line: 3)

    static func schema(_ attributes: [Attribute], relationships: [Relationship] = []) -> Schema {
        let address = Entity(name: "Address", location: here, attributes: attributes, relationships: relationships)
        let person = Entity(name: "Person", location: here, attributes: [Attribute(name: "name", location: here, type: .string)])
        return Schema(contentsPath: "contents", modelName: "Model", versionName: "Model", entities: [address, person])
    }

    static func string(_ name: String, renamingIdentifier: String? = nil) -> Attribute {
        Attribute(name: name, location: here, type: .string, isOptional: true, renamingIdentifier: renamingIdentifier)
    }

    static func messages(_ removed: [Attribute], _ added: [Attribute]) -> [String] {
        MigrationCheck.findings(from: schema(removed), to: schema(added)).map(\.message)
    }

    @Test func theAdviceNamesTheAddedAttributeNamedLikeTheRemovedOne() {
        let messages = Self.messages([Self.string("streetAddress")], [Self.string("city"), Self.string("street"), Self.string("zip")])
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("attribute Address.street looks like Address.streetAddress renamed") == true, "\(messages)")
        #expect(messages.first?.contains("city") == false)
    }

    @Test func theClosestOfSeveralPlausibleNamesWins() {
        // `street` and `streetAdress` both continue `streetAddress`; the misspelling is one edit away.
        let messages = Self.messages([Self.string("streetAddress")], [Self.string("street"), Self.string("streetAdress")])
        #expect(messages == [
            "attribute Address.streetAdress looks like Address.streetAddress renamed, but has no renaming identifier: migration "
                + "would drop the values of streetAddress and start streetAdress empty; set streetAdress's Renaming ID to streetAddress"
        ])
    }

    @Test func twoRemovedAttributesEachFindTheirOwn() {
        let messages = Self.messages(
            [Self.string("homePhone"), Self.string("workPhone")], [Self.string("work"), Self.string("home")])
        #expect(Set(messages.map { $0.components(separatedBy: ",")[0] }) == [
            "attribute Address.work looks like Address.workPhone renamed", "attribute Address.home looks like Address.homePhone renamed",
        ])
    }

    @Test func noAddedAttributeNamedLikeItReportsTheDroppedValuesWithoutARename() {
        let messages = Self.messages([Self.string("note")], [Self.string("city"), Self.string("zip")])
        #expect(messages == [
            "attribute Address.note (String) was removed and Address.city, Address.zip (String) added, none named like it: "
                + "migration would drop the values of note; if one of them is note renamed, set its Renaming ID to note; "
                + "if none is, set each one's Renaming ID to its own name to say it is new"
        ])
    }

    @Test func aRenamingIdentifierEqualToItsOwnNameSaysTheAttributeIsNew() {
        // The advice's pair, marked: nothing left to say about it.
        #expect(Self.messages([Self.string("streetAddress")], [Self.string("street", renamingIdentifier: "street")]).isEmpty)
        // Marking one of several leaves the others to be judged.
        let messages = Self.messages([Self.string("note")], [Self.string("city", renamingIdentifier: "city"), Self.string("zip")])
        #expect(messages.count == 1)
        #expect(messages.first?.contains("Address.zip (String) added, not named like it") == true, "\(messages)")
        #expect(messages.first?.contains("city") == false)
    }

    @Test func aRemovedAttributeWithNothingOfItsTypeAddedIsAPlainRemoval() {
        let number = Attribute(name: "count", location: Self.here, type: .integer32, isOptional: true)
        #expect(Self.messages([Self.string("note")], [number]).isEmpty)
    }

    @Test func relationshipsArePairedByNameToo() {
        func toMany(_ name: String) -> Relationship {
            Relationship(name: name, location: Self.here, destinationEntity: "Person", isOptional: true, isToMany: true)
        }
        let source = Self.schema([], relationships: [toMany("residents")])
        let destination = Self.schema([], relationships: [toMany("owners"), toMany("allResidents")])
        let messages = MigrationCheck.findings(from: source, to: destination).map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("relationship Address.allResidents looks like Address.residents renamed") == true, "\(messages)")
    }

    @Test(arguments: [
        ("streetAddress", "street", true), ("name", "fullName", true), ("adress", "address", true), ("Title", "title", true),
        ("note", "city", false), ("streetAddress", "city", false), ("id", "identifier", false), ("note", "memo", false),
    ])
    func aNameIsPlausiblyRenamedWhenItBeginsOrEndsWithTheOtherOrIsSpelledClosely(old: String, new: String, plausible: Bool) {
        #expect((MigrationCheck.renameDistance(from: old, to: new) != nil) == plausible)
    }
}
