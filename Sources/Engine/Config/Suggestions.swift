/// Did-you-mean suggestions for misspelled names (`Empoyee` → `Employee`), by edit distance.
public enum Suggestions {
    /// The candidate closest to `name`, when it is close enough to be a plausible typo:
    /// equal ignoring case, or within a third of the name's length in edits (at least one).
    static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        if let sameIgnoringCase = candidates.first(where: { $0.lowercased() == lowered && $0 != name }) {
            return sameIgnoringCase
        }
        let limit = max(1, name.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `; did you mean 'X'?` or nothing, ready to append to a message.
    public static func hint(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two adjacent characters each cost one (`Empolyee` is one edit from `Employee`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
