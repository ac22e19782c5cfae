/// Builds a `Value` tree: the fast path of `map`. Scalars and keys wait on flat stacks until
/// their container closes, then move into an array or object allocated at its final size.
/// Duplicate keys: the last one wins, in the place of the first (`ValueObject`'s rule).
final class JSONValueBuilder: JSONBuilder {
    let values = MoveStack<Value>()
    let keys = MoveStack<String>()
    /// Per key on `keys`: a hash of its bytes when it is plain ASCII, else 0. Objects are checked
    /// for duplicate keys by comparing these before any string: ASCII keys with different
    /// hashes differ (a non-ASCII key may equal another one written differently, `String`
    /// comparing canonical equivalents equal, so those are compared as strings).
    private let keyTags = MoveStack<UInt64>()
    private let strings = JSONStringCache()
    /// Per open container: where its values and keys start on the stacks.
    private var frames: [(values: Int, keys: Int)] = []

    init() {
        frames.reserveCapacity(64)
    }

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
        frames.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func beginObject(at position: JSONPosition) {
        frames.append((values.count, keys.count))
    }

    @inline(__always)
    func beginArray(at position: JSONPosition) {
        frames.append((values.count, keys.count))
    }

    func endArray() {
        let frame = frames.removeLast()
        values.push(.array(values.popArray(from: frame.values)))
    }

    func endObject() {
        let frame = frames.removeLast()
        let n = values.count - frame.values
        var object = ValueObject(minimumCapacity: n)
        if n <= 32 && !hasDuplicateKeys(from: frame.keys, count: n) {
            for i in 0..<n {
                object.appendUnchecked(key: keys.take(at: frame.keys + i), value: values.take(at: frame.values + i))
            }
        } else {
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
        values.push(.object(object))
    }

    /// Whether two of the `count` keys from `start` are equal; compares tags, and strings only
    /// when the tags cannot tell.
    @inline(__always)
    private func hasDuplicateKeys(from start: Int, count: Int) -> Bool {
        let tags = keyTags.base + start
        let strings = keys.base + start
        var i = 1
        while i < count {
            let tag = tags[i]
            var j = 0
            while j < i {
                if (tag == tags[j] || tag == 0 || tags[j] == 0) && strings[i] == strings[j] { return true }
                j += 1
            }
            i += 1
        }
        return false
    }

    /// Pushes a key and its tag; returns the key.
    @inline(__always)
    @discardableResult
    func pushKey(_ key: JSONStringToken) -> String {
        let text = strings.string(key)
        keys.push(text)
        var tag: UInt64 = 0
        if !key.hasEscapes {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            var bits: UInt8 = 0
            for byte in key.bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                bits |= byte
            }
            if bits < 0x80 { tag = hash | 1 }
        }
        keyTags.push(tag)
        return text
    }

    @inline(__always)
    func key(_ key: JSONStringToken, at position: JSONPosition) {
        pushKey(key)
    }

    @inline(__always)
    func string(_ string: JSONStringToken, at position: JSONPosition) {
        values.push(.string(strings.string(string)))
    }

    @inline(__always)
    func number(_ number: JSONNumberToken, at position: JSONPosition) {
        values.push(.number(number.text))
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
