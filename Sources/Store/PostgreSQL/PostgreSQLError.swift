/// A PostgreSQL failure: its SQLSTATE, the server's (or libpq's) one-line message, and the
/// detail worth showing as notes. Never the server's CONTEXT: during a COPY it quotes the
/// payload row being sent, and payload rows stay out of diagnostics.
struct PostgreSQLError: Error, CustomStringConvertible {
    var state: String
    var message: String
    var notes: [String] = []
    var description: String { message }

    /// The server could not be reached (`sqlclient_unable_to_establish_sqlconnection`).
    static let unreachable = "08001"
    /// An established connection broke (`connection_failure`).
    static let connectionLost = "08006"
    /// The connection broke during COMMIT (`transaction_resolution_unknown`).
    static let resolutionUnknown = "08007"

    init(state: String, message: String, notes: [String] = []) {
        self.state = state
        self.message = message
        self.notes = notes
    }

    /// An error from libpq's multi-line text (`PQerrorMessage`).
    init(state: String, libpqText: String) {
        let parsed = Self.parse(libpqText)
        self.init(state: state, message: parsed.message, notes: parsed.notes)
    }

    /// A serialization failure or a deadlock: the transaction is retried, not reported.
    var isRetryable: Bool { state == "40001" || state == "40P01" }
    /// The server could not be reached or the connection broke.
    var isConnectionFailure: Bool { state.hasPrefix("08") }
    /// The server shut down or was restarted (`admin_shutdown`, `crash_shutdown`, …).
    var isServerShutdown: Bool { state.hasPrefix("57P") }

    /// Splits libpq's text into entries — a line, or the tab-indented lines that explain it
    /// (`\tIs the server running locally…`) — drops CONTEXT, QUERY and STATEMENT entries
    /// with their explanations, and takes the server's ERROR/FATAL entry (or else the
    /// first) as the message, the rest as notes.
    static func parse(_ text: String) -> (message: String, notes: [String]) {
        let hidden = ["CONTEXT:", "QUERY:", "LINE ", "STATEMENT:"]
        var entries: [String] = []
        var hiding = false
        var continuing = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let indented = line.first == "\t"
            let words = line.drop(while: { $0 == "\t" || $0 == " " })
            if !indented { hiding = hidden.contains { line.hasPrefix($0) } || line.allSatisfy { $0 == " " || $0 == "^" } }
            if hiding || words.isEmpty { continue }
            if indented && continuing {
                entries[entries.count - 1] += " " + words
            } else {
                entries.append(String(words))
            }
            continuing = indented
        }
        let severities = ["FATAL:", "ERROR:", "PANIC:"]
        guard !entries.isEmpty else { return (text, []) }
        let primary = entries.firstIndex { entry in severities.contains { entry.hasPrefix($0) } } ?? 0
        var notes = entries
        let message = stripped(notes.remove(at: primary))
        return (message, notes.map { note in note.hasPrefix("DETAIL:") || note.hasPrefix("HINT:") ? stripped(note) : note })
    }

    /// `FATAL:  terminating connection…` without its label.
    private static func stripped(_ entry: String) -> String {
        guard let colon = entry.firstIndex(of: ":"), entry[..<colon].allSatisfy(\.isUppercase) else { return entry }
        return String(entry[entry.index(after: colon)...].drop(while: { $0 == " " }))
    }
}
