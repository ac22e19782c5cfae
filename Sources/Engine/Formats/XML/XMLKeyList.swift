/// Keys seen at one level of a key path, in first-seen order, for "not found" messages.
/// Bounded, so that a hostile document with a million distinct names cannot grow it.
struct XMLKeyList {
    private(set) var keys: [String] = []
    private var seen: Set<String> = []
    static let limit = 1000

    mutating func insert(_ key: String) {
        guard keys.count < Self.limit, seen.insert(key).inserted else { return }
        keys.append(key)
    }
}
