/// A dot-separated key path as configs write them (`user_stats.views`, `avatars.0.url`,
/// `tags.@count`). Kept as parsed segments so the mapper does not split strings per value.
/// The empty key path means the representation itself.
public struct KeyPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a key path.
    enum Segment: Sendable, Hashable {
        /// A dictionary key; when it is a non-negative integer it also indexes an array.
        case key(String, index: Int?)
        /// A key-value-coding collection operator (`@count`, `@sum`, ...); the segments
        /// after it are its argument path.
        case collectionOperator(CollectionOperator)
    }

    public let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        if text.isEmpty {
            segments = []
            return
        }
        segments = text.split(separator: ".", omittingEmptySubsequences: false).map { part in
            let name = String(part)
            if name.hasPrefix("@"), let op = CollectionOperator(rawValue: String(name.dropFirst())) {
                return .collectionOperator(op)
            }
            return .key(name, index: KeyPath.arrayIndex(name))
        }
    }

    /// The representation itself (`""`).
    var isSelf: Bool { segments.isEmpty }

    /// The plain keys when the path has neither indexes nor operators (what streaming
    /// readers can follow).
    var plainKeys: [String]? {
        var keys: [String] = []
        for segment in segments {
            guard case .key(let name, let index) = segment, index == nil else { return nil }
            keys.append(name)
        }
        return keys
    }

    public var description: String { text }

    static func arrayIndex(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            return nil
        }
        if text.utf8.count > 1 && text.utf8.first == 48 { return nil }
        return Int(text)
    }
}

/// The key-value-coding collection operators a key path may apply to an array.
enum CollectionOperator: String, Sendable, Hashable, CaseIterable {
    case count, sum, avg, min, max
    case unionOfObjects, distinctUnionOfObjects, unionOfArrays, distinctUnionOfArrays
}
