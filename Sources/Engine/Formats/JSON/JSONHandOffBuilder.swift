/// The element builder of a parse thread (`JSONParseThread`): builds each element's value, as
/// `JSONValueBuilder` does, or writes its events to a tape for the thread that maps to build
/// (`JSONEventTape`), a batch of elements at a time (`onTape`). The parse thread chooses by how
/// far the mapping thread is behind, so that the work of building values goes to whichever
/// thread has time for it. The tape is written in place (its storage is held here, not
/// through the tape object, whose every use would cost a retain and a release).
final class JSONHandOffBuilder: JSONElementBuilder {
    private let values = JSONValueBuilder()
    /// Whether the elements from now on go to the tape (changed between elements only).
    var onTape = false
    private var storage = GrowableStorage<UInt8>(capacity: 1 << 15, slack: JSONEventTape.slack)
    private var count = 0
    private var elementsEnd = 0

    var wantsLocations: Bool { false }

    /// Whether some element is on the tape.
    var hasTape: Bool { elementsEnd > 0 }

    /// Moves the tape written so far into `spare` (its own storage coming here, emptied) and
    /// returns it.
    func takeTape(into spare: JSONEventTape) -> JSONEventTape {
        swap(&spare.storage, &storage)
        spare.count = count
        spare.elementsEnd = elementsEnd
        count = 0
        elementsEnd = 0
        return spare
    }

    // MARK: Writing events

    @inline(__always)
    private func reserve(_ bytes: Int) {
        if count &+ bytes > storage.capacity { storage.grow(toHold: count &+ bytes, keeping: count) }
    }

    @inline(__always)
    private func write(_ tag: JSONEventTape.Tag) {
        reserve(1)
        storage.base[count] = tag.rawValue
        count &+= 1
    }

    @inline(__always)
    private func write(_ tag: JSONEventTape.Tag, word: Int) {
        reserve(5)
        storage.base[count] = tag.rawValue
        UnsafeMutableRawPointer(storage.base + (count &+ 1)).storeBytes(
            of: UInt32(truncatingIfNeeded: word), as: UInt32.self)
        count &+= 5
    }

    @inline(__always)
    private func write(_ tag: JSONEventTape.Tag, _ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        reserve(5 &+ length)
        let base = storage.base
        base[count] = tag.rawValue
        UnsafeMutableRawPointer(base + (count &+ 1)).storeBytes(of: UInt32(truncatingIfNeeded: length), as: UInt32.self)
        if let start = bytes.baseAddress { (base + (count &+ 5)).update(from: start, count: length) }
        count &+= 5 &+ length
    }

    // MARK: Events

    func beginElement(pointer: String) {}

    /// The element's value, or `.null` when it is on the tape.
    func finishElement() -> (Value, PayloadLocations?) {
        guard onTape else { return (values.takeValue(), nil) }
        write(.elementEnd)
        elementsEnd = count
        return (.null, nil)
    }

    @inline(__always)
    func beginObject(at position: JSONPosition) {
        if onTape { write(.beginObject) } else { values.beginObject(at: position) }
    }

    @inline(__always)
    func endObject() {
        if onTape { write(.endObject) } else { values.endObject() }
    }

    @inline(__always)
    func beginArray(at position: JSONPosition) {
        if onTape { write(.beginArray) } else { values.beginArray(at: position) }
    }

    @inline(__always)
    func endArray() {
        if onTape { write(.endArray) } else { values.endArray() }
    }

    @inline(__always)
    func key(_ key: JSONStringToken, at position: JSONPosition) {
        if onTape { write(key.hasEscapes ? .escapedKey : .key, key.bytes) } else { values.key(key, at: position) }
    }

    @inline(__always)
    func memberKey(_ index: Int, of members: JSONMemberFilter, token: JSONStringToken, at position: JSONPosition) {
        if onTape { write(.member, word: index) } else { values.memberKey(index, of: members, token: token, at: position) }
    }

    @inline(__always)
    func string(_ string: JSONStringToken, at position: JSONPosition) {
        if onTape { write(string.hasEscapes ? .escapedString : .string, string.bytes) } else { values.string(string, at: position) }
    }

    @inline(__always)
    func number(_ number: JSONNumberToken, at position: JSONPosition) {
        if onTape { write(number.isInteger ? .integer : .number, number.bytes) } else { values.number(number, at: position) }
    }

    @inline(__always)
    func bool(_ value: Bool, at position: JSONPosition) {
        if onTape { write(value ? .true : .false) } else { values.bool(value, at: position) }
    }

    @inline(__always)
    func null(at position: JSONPosition) {
        if onTape { write(.null) } else { values.null(at: position) }
    }
}
