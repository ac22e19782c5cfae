import RestmapEngine
import RestmapStore

/// `restmap dump` and `restmap connect`: what a store holds, and its waiting connections.
public enum StorePipeline {
    /// `dump --format`.
    public typealias DumpFormat = ObjectStore.DumpFormat

    /// Prints the records of `store` (all entities, or one) to `output`, waiting at most
    /// `busyTimeout` seconds for a store another run holds.
    public static func dump(
        _ store: String, entity: String?, format: DumpFormat, compact: Bool, busyTimeout: Double = 60, to output: ByteSink
    ) throws {
        StoreWaiting.timeout = busyTimeout
        try ObjectStore.dump(path: store, entity: entity, format: format, compact: compact, to: output)
    }

    /// Resolves the connections earlier runs left waiting; the summary line `connect` prints.
    public static func connect(_ store: String, busyTimeout: Double = 60) throws -> String {
        StoreWaiting.timeout = busyTimeout
        let outcome = try ObjectStore.connect(store: store)
        return "restmap connect: \(outcome.resolved) connection\(outcome.resolved == 1 ? "" : "s") resolved, \(outcome.remaining) still without a target"
    }
}
