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
