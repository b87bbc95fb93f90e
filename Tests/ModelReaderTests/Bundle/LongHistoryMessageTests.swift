import Foundation
import ManagedModel
import ModelReader
import Testing

/// An unknown version of the 117-version history in `../shared/histories` is named with a count, not with every
/// version on one line (issue 45).
@Suite struct LongHistoryMessageTests {
    static let history = TestSupport.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/histories/woocommerce__woocommerce-ios__Storage_Storage_Model_WooCommerce.xcdatamodeld/WooCommerce.xcdatamodeld")

    @Test func anUnknownVersionOfALongHistory() throws {
        guard FileManager.default.fileExists(atPath: Self.history.path) else {
            print("skipped: ../shared/histories is absent")
            return
        }
        var warnings = Diagnostics()
        let bundle = try ModelBundle.locate(Self.history.path, diagnostics: &warnings)
        let error = try #require(throws: DiagnosticsError.self) { try bundle.version(named: "Model 999") }
        let message = try #require(error.diagnostics.all.first?.message)
        #expect(message.hasPrefix("unknown model version 'Model 999'; the model has 117 versions: 'Model', 'Model 2', 'Model 3', …, 'Model 117'"))
        #expect(message.count < 200, "\(message)")
    }
}
