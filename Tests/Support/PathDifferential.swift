import Foundation

/// Holds the execution paths to each other: runs a command the default way, then every path
/// of `ExecutionPath.all` that applies to it, and lists where a path gave something else.
public enum PathDifferential {
    /// One path's differences from the default run.
    public struct Finding: CustomStringConvertible {
        public var path: String
        public var differences: [String]
        public var description: String { "\(path):\n  " + differences.joined(separator: "\n  ") }
    }

    /// What a comparison found, and which paths it ran.
    public struct Report {
        public var reference: CommandResult
        public var findings: [Finding] = []
        public var pathsRun: [String] = []
    }

    /// Runs `invocation` the default way and every path that applies.
    public static func check(_ invocation: Invocation, paths: [ExecutionPath] = ExecutionPath.all) throws -> Report {
        try check(invocation, reference: ExecutionPath.run(invocation), paths: paths)
    }

    /// `check` for each invocation, `workers` at a time; the reports in the invocations' order.
    public static func checkAll(_ invocations: [Invocation], concurrently workers: Int) throws -> [Report] {
        let results = ResultSlots<Report>(count: invocations.count)
        let next = ResultSlots<Int>(count: 0)
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            while let index = next.claim(below: invocations.count) {
                results.set(index, Result { try check(invocations[index]) })
            }
        }
        return try results.values().map { try $0.get() }
    }

    /// Compares every applicable path with `reference`, the default run's result.
    public static func check(
        _ invocation: Invocation, reference: CommandResult, paths: [ExecutionPath] = ExecutionPath.all
    ) throws -> Report {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let context = PathContext(invocation: invocation, reference: reference, scratch: scratch)
        // The paths are separate processes: two at a time keep both cores busy.
        let outcomes = ResultSlots<[String]?>(count: paths.count)
        let next = ResultSlots<Int>(count: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while let index = next.claim(below: paths.count) {
                outcomes.set(index, Result { try paths[index].compare(context) })
            }
        }
        var report = Report(reference: reference)
        for (path, outcome) in zip(paths, outcomes.values()) {
            guard let differences = try outcome.get() else { continue }
            report.pathsRun.append(path.name)
            if !differences.isEmpty { report.findings.append(Finding(path: path.name, differences: differences)) }
        }
        return report
    }
}

/// What the paths of one invocation share: the invocation, its default run, a scratch folder,
/// and the runs several paths compare with, made once.
public final class PathContext: @unchecked Sendable {
    public let invocation: Invocation
    public let reference: CommandResult
    public let scratch: URL
    private var records: CommandResult??
    private var store: (status: Int32, dump: String?)??
    /// Paths run two at a time: the shared runs are made under it, once.
    private let lock = NSLock()

    init(invocation: Invocation, reference: CommandResult, scratch: URL) {
        self.invocation = invocation
        self.reference = reference
        self.scratch = scratch
    }

    /// The invocation printing `--shape records` (nil when it is not a `map`).
    func recordsReference() throws -> CommandResult? {
        lock.lock()
        defer { lock.unlock() }
        if let records { return records }
        let made = try ExecutionPath.recordsRun(invocation).map(ExecutionPath.run)
        records = .some(made)
        return made
    }

    /// The invocation storing into a fresh store file: its exit status and the store's dump
    /// (nil dump: no store was left). Nil when it is not a `map`, or when its config is one a
    /// store cannot hold (a relationship whose matchers choose several tables: exit 2, "map
    /// it without --store").
    func singleStore() throws -> (status: Int32, dump: String?)? {
        lock.lock()
        defer { lock.unlock() }
        if let store { return store }
        var made: (status: Int32, dump: String?)?
        if ExecutionPath.recordsRun(invocation) != nil {
            let path = scratch.appendingPathComponent("single.db").path
            let result = try ExecutionPath.run(ExecutionPath.storeRun(invocation, path))
            if !(result.status == 2 && result.stderr.contains("map it without --store")) {
                made = (result.status, try ExecutionPath.dump(path, in: invocation.directory))
            }
        }
        store = .some(made)
        return made
    }
}

/// Results filled in by several threads, and a shared counter handing out indexes.
final class ResultSlots<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Element, Error>?]
    private var claimed = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The next index below `limit` no thread has taken yet.
    func claim(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard claimed < limit else { return nil }
        claimed += 1
        return claimed - 1
    }

    func set(_ index: Int, _ result: Result<Element, Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func values() -> [Result<Element, Error>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
