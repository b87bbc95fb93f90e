import ManagedModel
import SourceAudit
import Testing

@Suite struct DeclarationScanTests {
    @Test func findsManagedPropertiesAndSelectorsInClassesAndExtensions() {
        let source = """
            import CoreData
            // class Ghost: NSManagedObject { @NSManaged var commented: String }
            @objc(Book)
            final class BookMO: NSManagedObject {
                @NSManaged public internal(set) var title: String?
                let text = "class Fake { @NSManaged var inString: Int }"
                var computed: Int { let inner = 1; return inner }
                @objc(isbnCode) @NSManaged var isbn: String
                enum Keys { static var title: String { "title" } }
                var handler: (Int) -> Void = { _ in }
            }
            extension Shop.BookMO {
                @objc(addTagsObject:)
                @NSManaged public func addToTags(_ value: Tag)
                @NSManaged func insertIntoChapters(_ value: Chapter, at index: Int)
                func helper() { @NSManaged var notAMember: Int }
                public static var shared: Int { 0 }
                nonisolated public class var kind: String { "" }
            }
            """
        let scan = ManagedDeclarationScan.scanning([(path: "/app/Book.swift", text: source)])
        #expect(scan.types.map(\.name) == ["BookMO", "BookMO"])
        #expect(scan.types.first?.objcName == "Book")
        let members = scan.members.filter { $0.typeName == "BookMO" }
        #expect(members.map(\.name) == ["title", "text", "computed", "isbn", "handler", "addToTags", "insertIntoChapters", "helper"])
        #expect(members.map(\.location.line) == [5, 6, 7, 8, 10, 14, 15, 16])
        #expect(members[0].kind == .property(type: "String?", isComputed: false) && members[0].isManaged)
        #expect(members[2].kind == .property(type: "Int", isComputed: true) && !members[2].isManaged)
        #expect(members[3].key == "isbnCode")
        #expect(members[4].kind == .property(type: "(Int)->Void", isComputed: false))
        #expect(members[5].kind == .method(selector: "addTagsObject:"))
        #expect(members[6].kind == .method(selector: "insertIntoChapters:at:"))
        #expect(members[5].parameterTypes == ["Tag"] && members[6].parameterTypes == ["Chapter", "Int"])
        #expect(scan.types.map(\.superclass) == ["NSManagedObject", nil], "an extension's first type is a protocol")
    }

    @Test func readsSuperclassesThroughModulesAndGenericClauses() {
        let source = """
            class Base<T>: CoreData.NSManagedObject, Identifiable {}
            final class Item: Base<Int> {}
            class Loose {}
            """
        let scan = ManagedDeclarationScan.scanning([(path: "/app/Item.swift", text: source)])
        #expect(scan.types.map(\.superclass) == ["NSManagedObject", "Base", nil])
    }

    @Test func derivesSelectorsAsSwiftDoes() {
        #expect(ManagedDeclarationScan.derivedSelector(name: "addToTags", labels: ["_"]) == "addToTags:")
        #expect(ManagedDeclarationScan.derivedSelector(name: "add", labels: ["value", "at"]) == "addWithValue:at:")
        #expect(ManagedDeclarationScan.derivedSelector(name: "reset", labels: []) == "reset")
    }
}
