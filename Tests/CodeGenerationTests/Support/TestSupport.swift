import Foundation

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions, TestSchemas).
@_exported import TestSupport

extension TestSupport {
    static var expectedGenerated: URL { expected.appendingPathComponent("Generated") }
}
