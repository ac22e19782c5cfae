/// Builds a `Value` tree: the fast path of `map`. Scalars and keys wait on flat stacks until
/// their container closes, then move into an array or object allocated at its final size.
/// Duplicate keys: the last one wins, in the place of the first (`ValueObject`'s rule).
final class JSONValueBuilder: JSONBuilder {
    let values = MoveStack<Value>()
    let keys = MoveStack<String>()
    /// Per key on `keys`: a hash of its bytes when it is short plain ASCII, else 0. Objects are checked
    /// for duplicate keys by comparing these before any string: ASCII keys with different
    /// hashes differ (a non-ASCII key may equal another one written differently, `String`
    /// comparing canonical equivalents equal, so those are compared as strings).
    private let keyTags = MoveStack<UInt64>()
    private let strings = JSONStringCache()
    /// Per open container: where its values and keys start on the stacks (a `MoveStack`
    /// rather than an array: no uniqueness check at each bracket).
    private let frames = MoveStack<(values: Int, keys: Int)>(capacity: 64)

    init() {}

    var wantsLocations: Bool { false }

    /// The completed top-level value.
    func takeValue() -> Value {
        values.pop()
    }

    /// Forgets a value left unfinished by an error.
    func reset() {
        values.removeAll()
        keys.removeAll()
        keyTags.removeAll()
        frames.removeAll()
    }

    @inline(__always)
    func beginObject(at position: JSONPosition) {
        frames.push((values.count, keys.count))
    }

    @inline(__always)
    func beginArray(at position: JSONPosition) {
        frames.push((values.count, keys.count))
    }

    func endArray() {
        let frame = frames.pop()
        values.push(.array(values.popArray(from: frame.values)))
    }

    func endObject() {
        let frame = frames.pop()
        let n = values.count - frame.values
        var object: ValueObject
        if n <= 32 && !hasDuplicateKeys(from: frame.keys, count: n) {
            object = ValueObject(movingUniqueKeys: keys.base + frame.keys, values: values.base + frame.values, count: n)
        } else {
            object = ValueObject(minimumCapacity: n)
            for i in 0..<n {
                let key = keys.take(at: frame.keys + i)
                let value = values.take(at: frame.values + i)
                if object.position(of: key) == nil {
                    object.appendUnchecked(key: key, value: value)
                } else {
                    object[key] = value
                }
            }
        }
        keys.drop(from: frame.keys)
        keyTags.drop(from: frame.keys)
        values.drop(from: frame.values)
        // Moved, not copied: a copy retained the entries (and the absent index) only for the
        // local to release them.
        values.push(.object(consume object))
    }

    /// Whether two of the `count` keys from `start` are equal. A bit per tag bucket finds the
    /// keys that may repeat an earlier one; only those are compared, by tag, then as strings.
    @inline(__always)
    private func hasDuplicateKeys(from start: Int, count: Int) -> Bool {
        let tags = keyTags.base + start
        let strings = keys.base + start
        var buckets: UInt64 = 0
        var i = 0
        while i < count {
            let tag = tags[i]
            if tag == 0 { return hasDuplicateKeysPairwise(tags, strings, count) }
            let bit: UInt64 = 1 &<< (tag &>> 58)
            if buckets & bit != 0 {
                var j = 0
                while j < i {
                    if tags[j] == tag && strings[i] == strings[j] { return true }
                    j += 1
                }
            }
            buckets |= bit
            i += 1
        }
        return false
    }

    /// The same, for objects with keys that have no tag (long, escaped or non-ASCII ones).
    private func hasDuplicateKeysPairwise(
        _ tags: UnsafeMutablePointer<UInt64>, _ strings: UnsafeMutablePointer<String>, _ count: Int
    ) -> Bool {
        for i in 1..<max(count, 1) {
            for j in 0..<i where (tags[i] == tags[j] || tags[i] == 0 || tags[j] == 0) && strings[i] == strings[j] {
                return true
            }
        }
        return false
    }

    /// Pushes a key and its tag; returns the key (for builders that keep it too).
    @inline(__always)
    func pushKey(_ key: JSONStringToken) -> String {
        var tag: UInt64 = 0
        let text = strings.string(key, tag: &tag)
        pushKnownKey(text, tag: tag)
        return text
    }

    /// The same without handing the key back: a returned copy cost a retain and a release of
    /// every key of every object, which the optimizer left in.
    @inline(__always)
    func key(_ key: JSONStringToken, at position: JSONPosition) {
        var tag: UInt64 = 0
        pushKnownKey(strings.string(key, tag: &tag), tag: tag)
    }

    /// Pushes a key whose text and tag are made (`JSONMemberName`'s, or the string cache's).
    /// Consumed: the string moves onto the stack without a retain.
    @inline(__always)
    func pushKnownKey(_ text: consuming String, tag: UInt64) {
        keys.push(text)
        keyTags.push(tag)
    }

    @inline(__always)
    func string(_ string: JSONStringToken, at position: JSONPosition) {
        values.push(.string(strings.string(string)))
    }

    @inline(__always)
    func number(_ number: JSONNumberToken, at position: JSONPosition) {
        values.push(.number(strings.text(number)))
    }

    @inline(__always)
    func bool(_ value: Bool, at position: JSONPosition) {
        values.push(.bool(value))
    }

    @inline(__always)
    func null(at position: JSONPosition) {
        values.push(.null)
    }
}
