/// The objects a path mapping's key path reaches when it runs through arrays.
///
/// Key-value coding applies a key to every element of an array, so `human` over a root
/// array of `{"human": {...}}` gives the array of humans, and `groups.members` over groups
/// that each hold an array of members gives an array of arrays. restmap maps every object
/// there: the arrays a key path fans out over are flattened into one collection, in
/// payload order, and nulls (elements lacking the key) are left out. An array the payload
/// itself nests, with no fan-out, is not flattened.
enum ContainerFlattening {
    /// The flattened collection when `segments` fan out over an array on the way; nil when
    /// they do not (the plain key-value-coding value stands) or when no element holds a
    /// value (RestKit's "null collection": not found).
    static func flattened(_ segments: [KeyPath.Segment], in value: Value) -> Value?? {
        var current = value
        var position = 0
        while position < segments.count {
            switch segments[position] {
            case .key(let name, let index):
                switch current {
                case .object(let object):
                    guard let next = object[name] else { return .none }
                    current = next
                case .array(let elements):
                    if let index {
                        guard index < elements.count else { return .none }
                        current = elements[index]
                    } else {
                        return .some(fanOut(segments[position...], over: elements))
                    }
                case .string where name == "text":
                    break
                default:
                    return .none
                }
            case .collectionOperator:
                return .none
            }
            position += 1
        }
        return .none
    }

    /// The representations `keyPath` reaches in `value`, flattened; nil when none is there.
    /// (Streaming hands out the elements of an array met halfway along a key path; this
    /// applies the rest of the path to each.)
    static func representations(reachedBy keyPath: KeyPath, in value: Value) -> [Value]? {
        let reached: Value?
        if case .some(let collection) = flattened(keyPath.segments, in: value) {
            reached = collection
        } else {
            reached = KeyValueCoding.value(at: keyPath, in: value)
        }
        guard let reached, reached != .null else { return nil }
        if case .array(let elements) = reached { return elements.filter { $0 != .null } }
        return [reached]
    }

    /// Applies the rest of the key path to every element and joins the results.
    private static func fanOut(_ segments: ArraySlice<KeyPath.Segment>, over elements: [Value]) -> Value? {
        guard !elements.isEmpty else { return .array([]) }
        var collected: [Value] = []
        var found = false
        for element in elements where element != .null {
            let result: Value?
            switch flattened(Array(segments), in: element) {
            case .some(let inner): result = inner
            case .none: result = KeyValueCoding.evaluate(segments, element)
            }
            guard let result, result != .null else { continue }
            found = true
            if case .array(let inner) = result {
                collected.append(contentsOf: inner.filter { $0 != .null })
            } else {
                collected.append(result)
            }
        }
        return found ? .array(collected) : nil
    }
}
