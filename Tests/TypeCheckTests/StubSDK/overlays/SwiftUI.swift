// The part of SwiftUI that Core Data call sites use: views over fetched objects (`@FetchRequest`, `List`,
// `ForEach`, `Text`). Written from Apple's documentation pages cited at each declaration (signatures only: bodies
// are placeholders, nothing here runs); no Apple file was copied. `View.body` is marked `@ViewBuilder` as in the
// SDKs Xcode 15 and 16 ship (the newest pages show `@ContentBuilder`, its successor; call sites read the same).
import CoreData
import Foundation

// https://developer.apple.com/documentation/swiftui/view: `@MainActor @preconcurrency protocol View`;
// …/view/body-swift.associatedtype: `associatedtype Body : View`; …/view/body-8kl5o: `var body: Self.Body { get }`.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// Not from a page: the stub's primitive views need a `Body`; `Never`, as in SwiftUI (whose own is not shown).
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder: `@resultBuilder struct ViewBuilder`;
// …/viewbuilder/buildblock(_:): `static func buildBlock<Content>(_ content: Content) -> Content` (a View in Xcode 26
// and earlier).
@resultBuilder public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

// https://developer.apple.com/documentation/swiftui/text: `struct Text` (a View);
// …/text/init(_:)-9d1g4: `init<S>(_ content: S) where S : StringProtocol`.
public struct Text: View {
    public typealias Body = Never
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/foreach:
// `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`, a View when its content
// is; its overview builds `ForEach(namedFonts) { namedFont in Text(namedFont.name) }` over Identifiable elements:
// `init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
//  where ID == Data.Element.ID, Content : View, Data.Element : Identifiable`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }

    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Data.Element: Identifiable {
        self.data = data
        self.content = content
    }
}

// https://developer.apple.com/documentation/swiftui/list:
// `struct List<SelectionValue, Content> where SelectionValue : Hashable, Content : View`;
// …/list/init(_:rowcontent:)-3vn6i: `init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping
// (Data.Element) -> RowContent) where Content == ForEach<Data, Data.Element.ID, RowContent>,
// Data : RandomAccessCollection, RowContent : View, Data.Element : Identifiable` (SelectionValue == Never).
public struct List<SelectionValue: Hashable, Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
    let content: Content
}

extension List where SelectionValue == Never {
    public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View,
        Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }
}

// https://developer.apple.com/documentation/swiftui/animation: a parameter type of the fetch requests below.
public struct Animation {}

// https://developer.apple.com/documentation/swiftui/fetchedresults:
// `@MainActor @preconcurrency struct FetchedResults<Result> where Result : NSFetchRequestResult`, a
// RandomAccessCollection of `Result` indexed by `Int`.
@MainActor @preconcurrency public struct FetchedResults<Result: NSFetchRequestResult>: RandomAccessCollection {
    let objects: [Result]
    nonisolated public var startIndex: Int { 0 }
    nonisolated public var endIndex: Int { objects.count }
    nonisolated public subscript(position: Int) -> Result { objects[position] }
}

// https://developer.apple.com/documentation/swiftui/fetchrequest:
// `@MainActor @propertyWrapper @preconcurrency struct FetchRequest<Result> where Result : NSFetchRequestResult`;
// …/fetchrequest/init(entity:sortdescriptors:predicate:animation:),
// …/fetchrequest/init(fetchrequest:animation:) and, where Result is an NSManagedObject (the entity from
// `Result.entity()`), …/fetchrequest/init(sortdescriptors:predicate:animation:).
@MainActor @propertyWrapper @preconcurrency public struct FetchRequest<Result: NSFetchRequestResult> {
    public var wrappedValue: FetchedResults<Result> { fatalError("stub") }

    @MainActor @preconcurrency public init(
        entity: NSEntityDescription, sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil,
        animation: Animation? = nil
    ) {}

    @MainActor @preconcurrency public init(fetchRequest: NSFetchRequest<Result>, animation: Animation? = nil) {}
}

extension FetchRequest where Result: NSManagedObject {
    @MainActor @preconcurrency public init(
        sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil
    ) {}
}
