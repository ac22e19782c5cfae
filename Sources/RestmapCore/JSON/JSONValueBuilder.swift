/// Builds a `Value` tree: the fast path of `map`. Scalars and keys wait on flat stacks until
/// their container closes, then move into an array or object allocated at its final size.
/// Duplicate keys: the last one wins, in the place of the first (`ValueObject`'s rule).
final class JSONValueBuilder: JSONBuilder {
    let values = MoveStack<Value>()
    let keys = MoveStack<String>()
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
        frames.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func beginObject(at location: SourceLocation?) {
        frames.append((values.count, keys.count))
    }

    @inline(__always)
    func beginArray(at location: SourceLocation?) {
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
        for i in 0..<n {
            let key = keys.take(at: frame.keys + i)
            let value = values.take(at: frame.values + i)
            if object.position(of: key) == nil {
                object.appendUnchecked(key: key, value: value)
            } else {
                object[key] = value
            }
        }
        keys.drop(from: frame.keys)
        values.drop(from: frame.values)
        values.push(.object(object))
    }

    @inline(__always)
    func key(_ key: JSONStringToken, at location: SourceLocation?) {
        keys.push(key.string)
    }

    @inline(__always)
    func string(_ string: JSONStringToken, at location: SourceLocation?) {
        values.push(.string(string.string))
    }

    @inline(__always)
    func number(_ number: JSONNumberToken, at location: SourceLocation?) {
        values.push(.number(number.text))
    }

    @inline(__always)
    func bool(_ value: Bool, at location: SourceLocation?) {
        values.push(.bool(value))
    }

    @inline(__always)
    func null(at location: SourceLocation?) {
        values.push(.null)
    }
}
