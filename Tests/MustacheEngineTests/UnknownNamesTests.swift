import MustacheEngine
import Testing

/// `MustacheLibrary.unknownNames(rendering:with:)`, which the generator's tests use to fail on a template naming a
/// field its context lacks (rendered as nothing otherwise).
@Suite struct UnknownNamesTests {
    typealias Catalog = FieldTableTests.Catalog
    typealias Item = FieldTableTests.Item

    static let library = try! MustacheLibrary([
        MustacheTemplate(
            name: "catalog",
            source: "{{title}}{{#items}} {{name}} {{note}} {{title}} {{colour}}{{/items}} {{items.first.name}} {{title.size}} {{> item}}"),
        MustacheTemplate(name: "item", source: "{{missing}} {{first.name}}"),
    ])

    @Test func namesNoContextOnTheStackHasAreReported() throws {
        let catalog = Catalog(title: "T", note: "outer", items: [Item(name: "a"), Item(name: "b", note: "n")])
        let unknown = try Self.library.unknownNames(rendering: "catalog", with: catalog)
        // `note` is nil on `a` but a field; `title` is the catalog's, found past the item. Only objects have fields:
        // `items.first` asks a list for one, `title.size` a text.
        #expect(unknown.map(\.name) == ["colour", "colour", "first", "size", "missing", "first"])
        #expect(unknown.map(\.template) == ["catalog", "catalog", "catalog", "catalog", "item", "item"])
        // The same render as without the check.
        #expect(try Self.library.render("catalog", with: catalog).count > 0)
    }

    @Test func everyReferencedNameIsListed() {
        #expect(Self.library.referencedNames == ["title", "items", "name", "note", "colour", "first", "size", "missing"])
    }
}
