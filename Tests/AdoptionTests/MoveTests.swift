import Foundation
import ManagedModel
import ModelReader
import Testing

@testable import Adoption

/// The new model version `adopt --require-defaulted-scalars --write` adds is named as the model names its own.
@Suite struct NewVersionNameTests {
    @Test func followsTheModelsOwnNaming() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func next(_ current: String, _ names: [String]) -> String {
            ModelVersionCreation.nextVersionName(bundlePath: folder.path, currentName: current, versionNames: names)
        }
        #expect(next("Shop V 58", ["Shop V 1", "Shop V 2", "Shop V 58"]) == "Shop V 59")
        // The highest number of the same stem, not the current one's plus one.
        #expect(next("Shop V 57", ["Shop V 57", "Shop V 58"]) == "Shop V 59")
        #expect(next("Model", ["Model"]) == "Model 2")
        #expect(next("Model", ["Model", "Model 2", "Model 3"]) == "Model 4")
        #expect(next("Model 117", ["Model", "Model 2", "Model 117"]) == "Model 118")
        #expect(next("ShopV3", ["ShopV1", "ShopV3"]) == "ShopV4")
        // A folder of that name already there (a version the bundle lists under another name): skipped.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Shop V 59.xcdatamodel"), withIntermediateDirectories: true)
        #expect(next("Shop V 58", ["Shop V 58"]) == "Shop V 60")
    }

    @Test func theRealHistorysNextVersion() throws {
        let history = TestSupport.packageRoot.appendingPathComponent(
            "../shared/histories/woocommerce__woocommerce-ios__Storage_Storage_Model_WooCommerce.xcdatamodeld/WooCommerce.xcdatamodeld")
        guard FileManager.default.fileExists(atPath: history.path) else {
            print("skipped: ../shared/histories is absent")
            return
        }
        var diagnostics = Diagnostics()
        let bundle = try ModelBundle.locate(history.path, diagnostics: &diagnostics)
        let name = ModelVersionCreation.nextVersionName(
            bundlePath: history.path, currentName: bundle.currentVersionName, versionNames: bundle.versions.map(\.name))
        // 117 versions named `Model`, `Model 2` … `Model 117`: not `WooCommerce 2`, which sorts before them all.
        #expect(name == "Model 118")
    }

    @Test func aChosenNameMustBeNewAndAFolderName() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Shop V 58.xcdatamodel"), withIntermediateDirectories: true)
        #expect(ModelVersionCreation.problem(withNewVersionName: "Shop V 59", bundlePath: folder.path) == nil)
        #expect(ModelVersionCreation.problem(withNewVersionName: "Shop V 58", bundlePath: folder.path) != nil)
        #expect(ModelVersionCreation.problem(withNewVersionName: "a/b", bundlePath: folder.path) != nil)
        #expect(ModelVersionCreation.problem(withNewVersionName: "", bundlePath: folder.path) != nil)
    }
}

/// The entities one `adopt` run moves, as `generate`'s include/exclude leave them.
@Suite struct AdoptionScopeTests {
    let all: Set<String> = ["Customer", "LegacyCache", "Order"]

    @Test func everyEntityWithoutASetting() {
        #expect(AdoptionScope(named: [], excluded: [], included: nil).chosen(among: all) == nil)
        #expect(AdoptionScope(named: [], excluded: [], included: []).chosen(among: all) == nil)
    }

    @Test func excludedEntitiesStay() {
        let scope = AdoptionScope(named: [], excluded: ["LegacyCache"], included: nil)
        #expect(scope.chosen(among: all) == ["Customer", "Order"])
        #expect(!scope.isGenerated("LegacyCache"))
        #expect(scope.namedButLeftOut.isEmpty)
    }

    @Test func includeNarrowsAndANamedEntityLeftOutIsReported() {
        let scope = AdoptionScope(named: ["Order", "LegacyCache"], excluded: ["LegacyCache"], included: ["Order", "LegacyCache"])
        #expect(scope.chosen(among: all) == ["Order"])
        #expect(scope.namedButLeftOut == ["LegacyCache"])
        #expect(AdoptionScope(named: [], excluded: [], included: ["Order"]).chosen(among: all) == ["Order"])
    }
}

/// Xcode's class file with code of the app's own, as the Shop app has it, and a file named like a human file.
@Suite struct ClassFileAdviceTests {
    @Test func theObjCNameGoesWithTheClass() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Fixtures/Move/App/Model").path
        let found = try ClashingSourceScan.find(in: [folder], classNames: ["Order": "Order", "Customer": "Customer"])
        let classFile = try #require(found.first { $0.origin == .xcodeClass })
        #expect(classFile.line == 10)
        #expect(classFile.advice.contains("change `class Order: …` (line 10) into `extension Order`; delete `@objc(Order)` (line 9)"))
        // Without a suffix, the app's own Customer.swift is named like the human file of Customer.
        #expect(found.contains { $0.origin == .humanFileName && $0.className == "Customer" })
    }

    @Test func theHumanFileSuffixNamesTheHumanFiles() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Customer.swift", "Order+Model.swift"] {
            try Data("import Foundation\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        let found = try ClashingSourceScan.find(
            in: [folder.path], classNames: ["Order": "Order", "Customer": "Customer"], humanFileSuffix: "+Model")
        #expect(found.map(\.origin) == [.humanFileName])
        #expect(found.first?.className == "Order")
        #expect(found.first?.advice.contains("change `human-file-suffix` (now +Model)") == true)
    }

    @Test func anObjCNameFarFromTheClassIsNotItsOwn() throws {
        let text = "import CoreData\n@objc(Order)\nfinal class Helper: NSObject {}\n\npublic class Order: NSManagedObject {\n    var x = 1\n}\n"
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent("Order+CoreDataClass.swift"))
        let found = try ClashingSourceScan.find(in: [folder.path], classNames: ["Order": "Order"])
        #expect(found.count == 1)
        #expect(found.first?.advice.contains("@objc(Order)") == false)
    }
}
