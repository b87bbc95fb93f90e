import Dispatch
import MustacheEngine
import Testing

/// Objects with declared fields (`TemplateFields([...])`), as the generator's contexts are: names resolve to
/// field positions once per type, and lookups climb past absent fields and unknown names.
@Suite struct FieldTableTests {
    final class Item: TemplateObject, Sendable {
        let name: String
        let note: String?
        init(name: String, note: String? = nil) {
            self.name = name
            self.note = note
        }
        static let templateFields = TemplateFields<Item>([
            "name": { $0.name.templateValue },
            "note": { $0.note.templateValue },
        ])
    }

    final class Catalog: TemplateObject, Sendable {
        let title: String
        let note: String
        let items: [Item]
        init(title: String, note: String, items: [Item]) {
            self.title = title
            self.note = note
            self.items = items
        }
        static let templateFields = TemplateFields<Catalog>([
            "title": { $0.title.templateValue },
            "note": { $0.note.templateValue },
            "items": { $0.items.templateValue },
        ])
    }

    static let library = try! MustacheLibrary([
        MustacheTemplate(name: "catalog", source: "{{title}}:{{#items}} {{name}}/{{note}}/{{title}}{{/items}}{{^items}} none{{/items}}"),
        MustacheTemplate(name: "item", source: "{{name}} {{note}} {{missing}}"),
    ])

    @Test func namesResolvePerTypeAndClimbPastAbsentFields() throws {
        let catalog = Catalog(title: "T", note: "outer", items: [Item(name: "a", note: "inner"), Item(name: "b")])
        let rendered = try Self.library.render("catalog", with: catalog)
        // `b` has no note: the lookup climbs to the catalog's, as swift-mustache does; `title` is only the catalog's.
        #expect(String(decoding: rendered, as: UTF8.self) == "T: a/inner/T b/outer/T")
    }

    @Test func aTypeRenderedAsTheRootAndAsAnElementReadsTheSameFields() throws {
        let item = try Self.library.render("item", with: Item(name: "x", note: "y"))
        #expect(String(decoding: item, as: UTF8.self) == "x y ")
        let empty = try Self.library.render("catalog", with: Catalog(title: "E", note: "", items: []))
        #expect(String(decoding: empty, as: UTF8.self) == "E: none")
    }

    @Test func rendersFromManyThreadsAtOnce() throws {
        let catalogs = (0..<64).map { number in
            Catalog(title: "c\(number)", note: "n", items: (0..<number % 5).map { Item(name: "i\($0)", note: $0 % 2 == 0 ? "e" : nil) })
        }
        let expected = catalogs.map { catalog in
            "\(catalog.title):" + catalog.items.map { " \($0.name)/\($0.note ?? "n")/\(catalog.title)" }.joined()
                + (catalog.items.isEmpty ? " none" : "")
        }
        // A fresh library, so that the threads race to fill its field tables.
        let library = try MustacheLibrary([MustacheTemplate(name: "catalog", source: "{{title}}:{{#items}} {{name}}/{{note}}/{{title}}{{/items}}{{^items}} none{{/items}}")])
        let results = UnsafeMutableBufferPointer<String>.allocate(capacity: catalogs.count)
        results.initialize(repeating: "")
        defer { results.deallocate() }
        nonisolated(unsafe) let output = results
        DispatchQueue.concurrentPerform(iterations: catalogs.count) { index in
            let bytes = (try? library.render("catalog", with: catalogs[index])) ?? []
            output[index] = String(decoding: bytes, as: UTF8.self)
        }
        #expect(Array(results) == expected)
    }
}
