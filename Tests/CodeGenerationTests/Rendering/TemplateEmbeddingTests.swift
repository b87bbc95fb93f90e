import Foundation
import ManagedCodegenTemplates
import Testing

/// The templates compiled into the binary (`.embedInCode`, one Package.swift line per file) are exactly
/// `Templates/Swift`: a template added to the folder but not to the manifest, or a stale build, fails here.
@Suite struct TemplateEmbeddingTests {
    @Test func compiledInTemplatesAreTheTemplatesFolderByteForByte() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Templates/Swift")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }.sorted()
        let embedded = BundledTemplates.sources
        #expect(embedded.map { "\($0.name).mustache" } == files, "Package.swift's .embedInCode list differs from Templates/Swift")
        for template in embedded {
            let onDisk = try Data(contentsOf: folder.appendingPathComponent("\(template.name).mustache"))
            #expect(template.bytes == [UInt8](onDisk), "\(template.name).mustache differs from the compiled-in copy")
        }
    }
}
