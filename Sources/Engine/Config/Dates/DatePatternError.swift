/// Why a `date_formats` entry is not a usable Unicode date pattern. The config loader turns
/// it into a diagnostic at the entry's location.
struct DatePatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern as the config wrote it.
    let pattern: String
    /// What is wrong with it, e.g. `unsupported pattern letter 'G'`.
    let message: String

    init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    /// `invalid date pattern "dd.MM.yyyy G": unsupported pattern letter 'G'`.
    var description: String { "invalid date pattern \"\(pattern)\": \(message)" }
}
