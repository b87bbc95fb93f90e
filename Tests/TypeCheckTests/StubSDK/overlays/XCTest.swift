// Pure-Swift stub of the XCTest API used by generated tests (ManagedCodegen type-check harness).
// Apple's XCTest lives outside the SDK and the Linux XCTest depends on swift-corelibs-foundation, so this
// is written from XCTest's documented Swift signatures. Fidelity is lower than the Core Data stub (see README).
@_exported import Foundation

open class XCTest: NSObject {
    open var name: String { _xctestStubOnly() }
    open func setUp() {}
    open func tearDown() {}
    open func setUpWithError() throws {}
    open func tearDownWithError() throws {}
    open func setUp() async throws {}
    open func tearDown() async throws {}
}

open class XCTestCase: XCTest {
    public override init() { super.init() }
    open class func setUp() {}
    open class func tearDown() {}
    open func addTeardownBlock(_ block: @escaping () -> Void) {}
    open var continueAfterFailure: Bool {
        get { _xctestStubOnly() }
        set { _xctestStubOnly() }
    }
    open func expectation(description: String) -> XCTestExpectation { _xctestStubOnly() }
    open func wait(for expectations: [XCTestExpectation], timeout seconds: TimeInterval) {}
    open func wait(for expectations: [XCTestExpectation], timeout seconds: TimeInterval, enforceOrder: Bool) {}
    open func waitForExpectations(timeout: TimeInterval, handler: ((Error?) -> Void)? = nil) {}
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    open func fulfillment(of expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity, enforceOrder: Bool = false) async {}
}

open class XCTestExpectation: NSObject {
    public init(description expectationDescription: String) { super.init() }
    open func fulfill() {}
    open var expectedFulfillmentCount: Int {
        get { _xctestStubOnly() }
        set { _xctestStubOnly() }
    }
    open var isInverted: Bool {
        get { _xctestStubOnly() }
        set { _xctestStubOnly() }
    }
}

public struct XCTSkip: Error {
    public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {}
}

public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}

public func XCTAssert(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertTrue(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertFalse(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNil(_ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNotNil(_ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertEqual<T: Equatable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertEqual<T: FloatingPoint>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, accuracy: T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNotEqual<T: Equatable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertIdentical(_ expression1: @autoclosure () throws -> AnyObject?, _ expression2: @autoclosure () throws -> AnyObject?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNotIdentical(_ expression1: @autoclosure () throws -> AnyObject?, _ expression2: @autoclosure () throws -> AnyObject?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertGreaterThan<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertGreaterThanOrEqual<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertLessThan<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertLessThanOrEqual<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertThrowsError<T>(_ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line, _ errorHandler: (_ error: Error) -> Void = { _ in }) {}
public func XCTAssertNoThrow<T>(_ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTUnwrap<T>(_ expression: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) throws -> T { _xctestStubOnly() }

@usableFromInline func _xctestStubOnly() -> Never { fatalError("stub SDK: type checking only") }
