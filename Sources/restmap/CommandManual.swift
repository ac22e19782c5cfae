/// What a command's `--help` says beyond its options, and what its man page's EXIT STATUS
/// and EXAMPLES sections say: one source for both (`make man` moves the two blocks of the
/// discussion into their sections, scripts/man-sections.py).
struct CommandManual {
    var summary: String
    var exitStatus: [(status: Int, meaning: String)]
    var examples: [(what: String, command: String)]

    /// The discussion `--help` prints: the summary, then the exit statuses and examples as
    /// blocks headed `EXIT STATUS:` and `EXAMPLES:`.
    var discussion: String {
        var text = summary + "\n\nEXIT STATUS:\n"
        text += exitStatus.map { "  \($0.status)  \($0.meaning)" }.joined(separator: "\n")
        text += "\n\nEXAMPLES:\n"
        text += examples.map { "  \($0.what):\n    \($0.command)" }.joined(separator: "\n")
        return text
    }
}
