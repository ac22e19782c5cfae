/// The `<userInfo>` of an entity, attribute or relationship: free-form string pairs that Core
/// Data itself ignores but mapping libraries read (RestKit's `RKEntityIdentificationAttributes`,
/// Sync's `sync.remoteKey`). Kept in file order, with where each entry was written, so that a
/// message about an entry can point at it.
struct CoreDataUserInfo: Sendable, Hashable {
    /// One `<entry key=… value=…/>`.
    struct Entry: Sendable, Hashable {
        var key: String
        var value: String
        var location: SourceLocation

        init(key: String, value: String, location: SourceLocation) {
            self.key = key
            self.value = value
            self.location = location
        }
    }

    var entries: [Entry]

    init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The value for `key`; when a key is repeated the last entry wins, as it would when Core
    /// Data loads the entries into a dictionary.
    subscript(key: String) -> String? { entry(forKey: key)?.value }

    /// The entry for `key` (the last one when repeated), for its location.
    func entry(forKey key: String) -> Entry? {
        entries.last { $0.key == key }
    }

    var isEmpty: Bool { entries.isEmpty }
}
