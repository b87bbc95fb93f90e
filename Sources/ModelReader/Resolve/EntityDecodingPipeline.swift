import Dispatch
import Foundation
import ManagedModel

/// Decodes each `<entity>` child of the root on another core as soon as the parser has read its end tag, so
/// decoding overlaps parsing (the parse runs on one core). Results are kept by document position.
final class EntityDecodingPipeline: @unchecked Sendable {
    private let contentsPath: String
    private let group = DispatchGroup()
    private let lock = NSLock()
    /// Written by the decoding tasks under `lock`; read after `group` has drained.
    private var decoded: [ModelDecoder.DecodedEntity?] = []
    /// Touched only by the parsing thread.
    private var submitted = 0

    init(contentsPath: String) {
        self.contentsPath = contentsPath
    }

    /// Called by the parser (one thread, document order) with every child of the root element.
    func submit(_ element: XMLElementNode) {
        guard element.name == "entity" else { return }
        let position = submitted
        submitted += 1
        DispatchQueue.global().async(group: group) { [contentsPath] in
            let result = ModelDecoder.decodedEntity(element, contentsPath: contentsPath)
            self.lock.withLock {
                if self.decoded.count <= position { self.decoded.append(contentsOf: repeatElement(nil, count: position + 1 - self.decoded.count)) }
                self.decoded[position] = result
            }
        }
    }

    /// Every submitted entity's result, in document order; waits for the decoding still under way.
    func decodedEntities() -> [ModelDecoder.DecodedEntity] {
        group.wait()
        return lock.withLock { decoded.map { $0! } }
    }
}
