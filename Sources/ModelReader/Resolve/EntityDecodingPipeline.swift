import Dispatch
import Foundation
import ManagedModel

/// Decodes a model's entities on another core while the parser is still reading the document.
///
/// Parsing is sequential (libxml2 on one thread) and took about as long as decoding every entity on two cores;
/// the two now overlap. The parsing thread hands each `<entity>` subtree to `take` as soon as its end tag is
/// read; the entities are queued in small batches (one hop per entity cost more than decoding some of them)
/// for ONE worker, since the parser is the longer task and a second worker would only take its core. Once the
/// document is read, `finish` has the parsing thread decode queued batches too, then waits for the worker.
/// Each batch frees its subtrees where it was decoded. The results come in document order, exactly as
/// decoding the entities in turn would give them.
///
/// Only the parsing thread calls `take` and `finish`.
final class EntityDecodingPipeline {
    /// Enough work per hop (a few tens of microseconds an entity) to make it cheap, few enough entities that
    /// the worker starts soon after the parse does.
    static let batchSize = 8

    private let contentsPath: String
    private let queue = BatchQueue()
    private var batches: [Batch] = []
    private var pending: [XMLElementNode] = []
    private let worker = DispatchQueue(label: "ModelReader.EntityDecodingPipeline")
    private let workerGroup = DispatchGroup()

    init(contentsPath: String) {
        self.contentsPath = contentsPath
        pending.reserveCapacity(Self.batchSize)
    }

    /// Hands the model's `<entity>` elements to this pipeline.
    var handoff: XMLDocumentReader.Handoff {
        XMLDocumentReader.Handoff(elementName: "entity") { [unowned self] entity in take(entity) }
    }

    func take(_ entity: XMLElementNode) {
        pending.append(entity)
        if pending.count == Self.batchSize { enqueuePending() }
    }

    /// Every entity taken, decoded, in the order taken.
    func finish() -> [ModelDecoder.DecodedEntity] {
        if !pending.isEmpty { enqueuePending() }
        while let batch = queue.next() { batch.decode(contentsPath: contentsPath) }
        workerGroup.wait()
        var decoded: [ModelDecoder.DecodedEntity] = []
        decoded.reserveCapacity(batches.count * Self.batchSize)
        for batch in batches { decoded += batch.decoded }
        batches = []
        return decoded
    }

    private func enqueuePending() {
        let batch = Batch(entities: pending)
        pending.removeAll(keepingCapacity: true)
        batches.append(batch)
        queue.append(batch)
        // One hop per batch; a hop finding the queue empty (the parsing thread got there first) does nothing.
        worker.async(group: workerGroup) { [queue, contentsPath] in queue.next()?.decode(contentsPath: contentsPath) }
    }

    /// Batches not yet started, first in first out: each is decoded by whichever thread takes it.
    private final class BatchQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting: [Batch] = []
        private var nextIndex = 0

        func append(_ batch: Batch) {
            lock.withLock { waiting.append(batch) }
        }

        func next() -> Batch? {
            lock.withLock {
                guard nextIndex < waiting.count else { return nil }
                defer { nextIndex += 1 }
                return waiting[nextIndex]
            }
        }
    }

    /// Decoded by the one thread that took it from the queue; read by the parsing thread after the worker
    /// group was waited for (or after decoding it itself).
    private final class Batch: @unchecked Sendable {
        private var entities: [XMLElementNode]
        private(set) var decoded: [ModelDecoder.DecodedEntity] = []

        init(entities: [XMLElementNode]) {
            self.entities = entities
        }

        func decode(contentsPath: String) {
            decoded = entities.map { ModelDecoder.decodeEntity($0, contentsPath: contentsPath) }
            entities = []
        }
    }
}
