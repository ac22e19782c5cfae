/// A key of an operation's `responses`: a status (`404`), a range of them (`4XX`) or
/// `default`. Anything else is no response code.
enum ResponseCode: Equatable {
    case status(Int)
    /// `4XX`: every status whose first digit is the one held (4).
    case range(Int)
    case `default`

    init?(_ key: String) {
        if key == "default" {
            self = .default
            return
        }
        guard key.count == 3, let first = key.first?.wholeNumberValue, (1...5).contains(first) else { return nil }
        if let number = Int(key) {
            self = .status(number)
        } else if key.dropFirst().uppercased() == "XX" {
            self = .range(first)
        } else {
            return nil
        }
    }

    /// The first digit: 2 for `201` and `2XX`; nil for `default`.
    var statusClass: Int? {
        switch self {
        case .status(let status): return status / 100
        case .range(let first): return first
        case .default: return nil
        }
    }

    /// The status a response under this code is read with: a range's first (`4XX` → 400),
    /// so that an error example goes through `error_mappings`; nil for `default`.
    var representativeStatus: Int? {
        switch self {
        case .status(let status): return status
        case .range(let first): return first * 100
        case .default: return nil
        }
    }
}
