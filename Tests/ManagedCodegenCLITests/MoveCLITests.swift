import Foundation
import Testing

/// A shipped app's move off Xcode's codegen, on `Fixtures/Move` (the Shop app: versions `Shop V 57`, `Shop V 58`,
/// `managed-codegen.yml` with `exclude: [LegacyCache]` and `human-file-suffix: +Model`, Xcode's files for `Order`,
/// a view comparing `Order`'s scalars with zero). Each test works on a copy.
@Suite struct MoveCLITests {
    static func copyOfShop() throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        let shop = root.appendingPathComponent("Shop")
        try FileManager.default.copyItem(at: TestSupport.packageRoot.appendingPathComponent("Fixtures/Move"), to: shop)
        return shop
    }

    @Test func adoptReadsTheConfigAndReportsTheComparisonsTheMoveTurns() throws {
        let shop = try Self.copyOfShop()
        defer { try? FileManager.default.removeItem(at: shop.deletingLastPathComponent()) }
        let run = try CLI.run(["adopt", "Shop.xcdatamodeld", "--sources", "App"], in: shop)
        #expect(run.status == 1)
        let out = run.stdout
        // `exclude: [LegacyCache]`: it stays with Xcode; `human-file-suffix: +Model`: the app's Customer.swift is no clash.
        #expect(out.contains("entity 'Order'") && out.contains("entity 'Customer'"), "\(out)")
        #expect(!out.contains("LegacyCache") && !out.contains("Customer.swift"), "\(out)")
        #expect(out.contains("delete `@objc(Order)` (line 9)"))
        #expect(run.stderrLines.map { $0.components(separatedBy: ": warning: ").first ?? "" } == [
            "App/Model/Order+CoreDataClass.swift:11", "App/Views/OrderRow.swift:9", "App/Views/OrderRow.swift:12",
            "App/Views/OrderRow.swift:15", "App/Views/OrderRow.swift:21",
        ], "\(run.stderr)")
        #expect(run.stderr.contains("[audit.nil-is-not-zero]") || run.stderr.contains("'itemCount == 0' compares an Int16?"))

        // Written: LegacyCache keeps its Codegen setting.
        let write = try CLI.run(["adopt", "Shop.xcdatamodeld", "--write"], in: shop)
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        let contents = try String(contentsOf: shop.appendingPathComponent("Shop.xcdatamodeld/Shop V 58.xcdatamodel/contents"), encoding: .utf8)
        #expect(contents.components(separatedBy: "codeGenerationType").count == 2)
        #expect(contents.contains(#"<entity name="LegacyCache" representedClassName="LegacyCache" syncable="YES" codeGenerationType="class">"#))

        // After the move, `audit` reports the same comparisons once Xcode's properties file is gone.
        try FileManager.default.removeItem(at: shop.appendingPathComponent("App/Model/Order+CoreDataProperties.swift"))
        let audit = try CLI.run(["audit", "Shop.xcdatamodeld", "--sources", "App"], in: shop)
        #expect(audit.stderrLines.filter { $0.contains("compares a") }.count == 5, "\(audit.stderr)")
    }

    @Test func theNewVersionFollowsTheModelsNamingAndItsCheckNeedsNoLock() throws {
        let shop = try Self.copyOfShop()
        defer { try? FileManager.default.removeItem(at: shop.deletingLastPathComponent()) }
        let list = try CLI.run(["adopt", "Shop.xcdatamodeld", "--require-defaulted-scalars"], in: shop)
        #expect(list.stdout.contains("entity 'Order': 4 attributes optional with a default value: isPaid, itemCount, remoteID, total"), "\(list.stdout)")
        #expect(list.stdout.contains("--write writes model version 'Shop V 59'"))
        let check = "`managed-codegen migration-check Shop.xcdatamodeld --model-version 'Shop V 59' --from 'Shop V 58'`"
        #expect(list.stdout.contains(check))

        let write = try CLI.run(["adopt", "Shop.xcdatamodeld", "--require-defaulted-scalars", "--write"], in: shop)
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        #expect(write.stdout.contains("wrote model version 'Shop V 59'") && write.stdout.contains(check))
        // The command it prints, as printed: no lock beside the model.
        let migration = try CLI.run(["migration-check", "Shop.xcdatamodeld", "--model-version", "Shop V 59", "--from", "Shop V 58"], in: shop)
        #expect(migration.status == 0)
        #expect(migration.stdout.contains("'Shop V 58' -> 'Shop V 59': lightweight migration can infer every change."), "\(migration.stdout)")
        // It sorts after the others: without --from too.
        let unnamed = try CLI.run(["migration-check", "Shop.xcdatamodeld", "--model-version", "Shop V 59"], in: shop)
        #expect(unnamed.stdout.contains("'Shop V 58' -> 'Shop V 59'"), "\(unnamed.stdout)")
    }

    @Test func aChosenNameAndEntitiesLeftOut() throws {
        let shop = try Self.copyOfShop()
        defer { try? FileManager.default.removeItem(at: shop.deletingLastPathComponent()) }
        let taken = try CLI.run(
            ["adopt", "Shop.xcdatamodeld", "--require-defaulted-scalars", "--write", "--new-version-name", "Shop V 57"], in: shop)
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("--new-version-name 'Shop V 57': the model already has a version of that name"), "\(taken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shop.appendingPathComponent("Shop.xcdatamodeld/Shop V 59.xcdatamodel").path))

        // --exclude replaces the config's list: Order stays out, LegacyCache's defaulted `hits` is made required.
        let run = try CLI.run(
            ["adopt", "Shop.xcdatamodeld", "--require-defaulted-scalars", "--write", "--new-version-name", "Shop 2025.1",
             "--exclude", "Order"], in: shop)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let contents = try String(
            contentsOf: shop.appendingPathComponent("Shop.xcdatamodeld/Shop 2025.1.xcdatamodel/contents"), encoding: .utf8)
        #expect(contents.contains(#"<attribute name="hits" attributeType="Integer 32""#))
        #expect(contents.contains(#"<attribute name="itemCount" optional="YES""#))
        #expect(run.stdout.contains("--model-version 'Shop 2025.1' --from 'Shop V 58'"))
        // It sorts first: without --from, migration-check has nothing to compare it with, and says so (it used to
        // print "nothing to migrate" and exit 0).
        let unnamed = try CLI.run(["migration-check", "Shop.xcdatamodeld", "--model-version", "Shop 2025.1"], in: shop)
        #expect(unnamed.status == 1)
        #expect(unnamed.stderr.contains("'Shop 2025.1' comes first of the model's 3 versions by name"), "\(unnamed.stderr)")
        let checked = try CLI.run(["migration-check", "Shop.xcdatamodeld", "--model-version", "Shop 2025.1", "--from", "Shop V 58"], in: shop)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")

        let named = try CLI.run(["adopt", "Shop.xcdatamodeld", "--entity", "LegacyCache"], in: shop)
        #expect(named.status == 1)
        #expect(named.stderr.contains("entity 'LegacyCache' is left out by the config file's include/exclude"), "\(named.stderr)")
    }

    /// `generate --output ELSEWHERE` leaves the config file's tests folder alone: it used to clean it of this
    /// model's generated tests files that the run pointed elsewhere did not produce (here the migration plan's).
    @Test func generateElsewhereLeavesTheConfigsTestsFolderAlone() throws {
        let shop = try Self.copyOfShop()
        defer { try? FileManager.default.removeItem(at: shop.deletingLastPathComponent()) }
        _ = try CLI.run(["adopt", "Shop.xcdatamodeld", "--write"], in: shop)
        #expect(try CLI.run(["lock", "Shop.xcdatamodeld"], in: shop).status == 0)
        let config = shop.appendingPathComponent("managed-codegen.yml")
        try Data((try String(contentsOf: config, encoding: .utf8) + "tests-output: Tests\nmigration-plan: true\n").utf8).write(to: config)
        let first = try CLI.run(["generate", "Shop.xcdatamodeld"], in: shop)
        #expect(first.status == 0, "\(first.stderr)")
        let testsFile = shop.appendingPathComponent("Tests/ShopModelTests.swift")
        let before = try Data(contentsOf: testsFile)
        let before2 = CLI.Snapshot(shop.appendingPathComponent("Tests"))
        #expect(FileManager.default.fileExists(atPath: shop.appendingPathComponent("Tests/ShopMigrationPlanTests.swift").path))

        let elsewhere = try CLI.run(
            ["generate", "Shop.xcdatamodeld", "--output", "Elsewhere", "--no-human-files", "--no-migration-plan"], in: shop)
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(try Data(contentsOf: testsFile) == before)
        #expect(CLI.Snapshot(shop.appendingPathComponent("Tests")) == before2)
        #expect(elsewhere.stderr.contains("`tests-output` (Tests) is left alone"), "\(elsewhere.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shop.appendingPathComponent("Elsewhere/ShopModelTests.swift").path))
        // Named on the command line, the tests go where it says.
        let withTests = try CLI.run(
            ["generate", "Shop.xcdatamodeld", "--output", "Elsewhere", "--no-human-files", "--tests-output", "ElsewhereTests"], in: shop)
        #expect(withTests.status == 0)
        #expect(FileManager.default.fileExists(atPath: shop.appendingPathComponent("ElsewhereTests/ShopModelTests.swift").path))
        #expect(try Data(contentsOf: testsFile) == before)
        // A build plugin's run (one file, no tests) is not told about the tests folder it never writes.
        let plugin = try CLI.run(["generate", "Shop.xcdatamodeld", "--output", "Plugin", "--single-file", "Shop.swift"], in: shop)
        #expect(plugin.status == 0 && !plugin.stderr.contains("left alone"), "\(plugin.stderr)")
    }

    /// `adopt --entity`: only the moved entity's comparisons (Customer has no optional scalar; Order stays with Xcode).
    @Test func oneEntityAtATimeReportsOnlyItsComparisons() throws {
        let shop = try Self.copyOfShop()
        defer { try? FileManager.default.removeItem(at: shop.deletingLastPathComponent()) }
        let customer = try CLI.run(["adopt", "Shop.xcdatamodeld", "--entity", "Customer", "--sources", "App"], in: shop)
        #expect(!customer.stderr.contains("compares"), "\(customer.stderr)")
        let order = try CLI.run(["adopt", "Shop.xcdatamodeld", "--entity", "Order", "--sources", "App"], in: shop)
        #expect(order.stderrLines.filter { $0.contains("compares") }.count == 5, "\(order.stderr)")
    }
}
