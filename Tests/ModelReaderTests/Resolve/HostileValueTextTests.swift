import Foundation
import Testing

@testable import ModelReader

/// `ModelValueText.isDecimalNumber` is a byte scanner; these pin it to the grammar it replaced,
/// `[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?`, with ASCII digits.
@Suite struct DecimalNumberScannerTests {
    @Test(arguments: ["0", "-1", "+1", "1.", "1.5", ".5", "-.5", "1e3", "1E+3", "1.5e-3", ".5e10", "007", "123456789012345678901234567890"])
    func accepts(text: String) {
        #expect(ModelValueText.isDecimalNumber(text))
        #expect(text.wholeMatch(of: /[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?/) != nil)
    }

    @Test(arguments: [
        "", "+", "-", ".", "+.", "e3", ".e3", "1e", "1e+", "1.5.5", "1 ", " 1", "0x10", "inf", "nan", "1_000", "--1", "1e3.5", "١٢", "1\u{301}",
        "1e3e3", "+-1",
    ])
    func rejects(text: String) {
        #expect(!ModelValueText.isDecimalNumber(text))
    }
}

/// The hand-written date reader must agree with the `DateFormatter`s it shortcuts, wherever it answers.
@Suite struct LegacyDateFastPathTests {
    @Test(arguments: [
        "2001-01-01 00:00:00", "2000-12-31 23:59:59", "2024-02-29 12:34:56", "2033-01-01 00:00:00 +0000", "1970-01-01 00:00:00",
        "1999-03-01 00:00:01 -0800", "2100-02-28 23:00:00 +0530", "1600-02-29 06:00:00", "1583-01-01 00:00:00", "9999-12-31 23:59:59",
        "2024-07-15 08:09:10 +1400", "2024-07-15 08:09:10 -1200",
    ])
    func agreesWithDateFormatter(text: String) {
        let fast = LegacyDateFormatters.gregorianUTCTimeInterval(text)
        #expect(fast != nil)
        #expect(fast == LegacyDateFormatters.timeInterval(from: text))
    }

    @Test(arguments: [
        "2023-02-29 00:00:00", "2024-13-01 00:00:00", "2024-00-10 00:00:00", "2024-01-32 00:00:00", "2024-01-01 24:00:00",
        "2024-01-01 00:60:00", "1582-10-20 00:00:00", "2024-01-01T00:00:00", "2024-01-01 00:00:00 GMT", "2024-01-01 00:00:00 +24:00",
        "２０２４-01-01 00:00:00", "2024-01-01", "2024-01-01 00:00",
    ])
    func leavesEverythingElseToTheFormatters(text: String) {
        #expect(LegacyDateFormatters.gregorianUTCTimeInterval(text) == nil)
    }
}
