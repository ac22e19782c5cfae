import RestmapEngine

/// Where results go: standard output, or `-o FILE` replaced atomically on success.
final class OutputDestination {
    let sink: ByteSink
    private let file: AtomicFileSink?

    init(path: String?) throws {
        if let path, path != "-" {
            let file = try AtomicFileSink(path: path)
            self.file = file
            sink = file
        } else {
            file = nil
            sink = Console.shared.standardOutput
        }
    }

    /// Keeps the output (moves `-o`'s file into place).
    func commit() throws { try file?.commit() }

    /// Drops `-o`'s file after a failed run.
    func discard() { file?.discard() }

    /// Writes everything `body` writes and keeps it; on any error drops it and rethrows.
    func write(_ body: (ByteSink) throws -> Void) throws {
        do {
            try body(sink)
            try commit()
        } catch {
            discard()
            throw error
        }
    }
}
