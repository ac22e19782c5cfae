import RestmapEngine

/// A store that cannot be used, as one diagnostic: one line naming the store and what
/// happened, and what the database adds (a DETAIL, a HINT, the lines of a damaged file's
/// integrity report) as notes at the same place, so that no message spans lines.
enum StoreFailure {
    static func error(store name: String, _ message: String, notes: [String] = []) -> RestmapError {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let summary = lines.isEmpty ? message : lines.removeFirst()
        let location = SourceLocation.file(name)
        let related = (lines + notes).map { Diagnostic.RelatedLocation($0, at: location) }
        return RestmapError(.usage, diagnostics: [Diagnostic(.storeUnusable, .error, "store \(name) \(summary)", at: location, related: related)])
    }
}
