/// The element builder of a parse thread (`JSONParseThread`): builds each element's value, as
/// `JSONValueBuilder` does, or writes its events to a tape for the thread that maps to build
/// (`JSONEventTape`), a batch of elements at a time (`onTape`). The parse thread chooses by how
/// far the mapping thread is behind, so that the work of building values goes to whichever
/// thread has time for it. The tape is written in place (its storage is held here, not
/// through the tape object, whose every use would cost a retain and a release).
///
/// An element whose events outgrow `elementLimit` bytes on the tape is built here after all:
/// its events so far are replayed into the value builder, and the rest of the batch is built
/// here too: a tape holds at most a batch of elements of up to `elementLimit` each, where an
/// unbounded one could take several bytes a byte of input (`[1,2,3]` has an event of six
/// bytes a digit).
final class JSONHandOffBuilder: JSONElementBuilder {
    private let values = JSONValueBuilder()
    private let members: JSONMemberFilter?
    /// Whether the elements from now on go to the tape (set between elements; cleared when an
    /// element outgrows the tape). The first batch goes there: the mapping thread has nothing
    /// else to do at the start.
    var onTape = true
    /// Bytes one element may take on the tape before it is built here instead.
    static let elementLimit = 1 << 20
    private var storage = GrowableStorage<UInt8>(capacity: 1 << 15, slack: JSONEventTape.slack)
    /// Bytes written, and where the last complete element ends.
    private var count = 0
    private var elementsEnd = 0
    /// `count` may grow to this without a check (`updateWriteLimit`).
    private var writeLimit = 0
    /// Elements on the tape.
    private(set) var elementsOnTape = 0

    /// `members`: the element filter whose names `memberKey` receives.
    init(members: JSONMemberFilter?) {
        self.members = members
        updateWriteLimit()
    }

    var wantsLocations: Bool { false }

    /// Whether some element is on the tape.
    var hasTape: Bool { elementsEnd > 0 }

    /// Moves the tape written so far into `spare` (its own storage coming here, emptied) and
    /// returns it.
    func takeTape(into spare: JSONEventTape) -> JSONEventTape {
        swap(&spare.storage, &storage)
        spare.elementsEnd = elementsEnd
        count = 0
        elementsEnd = 0
        elementsOnTape = 0
        updateWriteLimit()
        return spare
    }

    /// The element being written outgrew the tape: it goes on in the value builder, from what
    /// the tape holds of it.
    private func spill() {
        JSONTapeReplayer.replay(
            UnsafePointer(storage.base), elementsEnd..<count, readable: storage.capacity + JSONEventTape.slack,
            into: values, members: members) { _ in }
        count = elementsEnd
        onTape = false
    }

    // MARK: Writing events

    /// Makes room for `bytes`; false when the element is built in the value builder from now
    /// on instead (it outgrew `elementLimit`).
    @inline(__always)
    private func reserve(_ bytes: Int) -> Bool {
        if count &+ bytes <= writeLimit { return true }
        if count &- elementsEnd &+ bytes > Self.elementLimit {
            spill()
            return false
        }
        storage.grow(toHold: count &+ bytes, keeping: count)
        updateWriteLimit()
        return true
    }

    /// Where writing must stop to check: the end of the storage, or of the current element's
    /// allowance.
    private func updateWriteLimit() {
        writeLimit = min(storage.capacity, elementsEnd &+ Self.elementLimit)
    }

    /// Writes an event; false when the element spilled instead (the event then goes to the
    /// value builder).
    @inline(__always)
    private func write(_ tag: JSONEventTape.Tag) -> Bool {
        guard reserve(1) else { return false }
        storage.base[count] = tag.rawValue
        count &+= 1
        return true
    }

    @inline(__always)
    private func write(_ tag: JSONEventTape.Tag, word: Int) -> Bool {
        guard reserve(5) else { return false }
        storage.base[count] = tag.rawValue
        UnsafeMutableRawPointer(storage.base + (count &+ 1)).storeBytes(
            of: UInt32(truncatingIfNeeded: word), as: UInt32.self)
        count &+= 5
        return true
    }

    @inline(__always)
    private func write(_ tag: JSONEventTape.Tag, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = bytes.count
        guard reserve(5 &+ length) else { return false }
        let base = storage.base
        base[count] = tag.rawValue
        UnsafeMutableRawPointer(base + (count &+ 1)).storeBytes(of: UInt32(truncatingIfNeeded: length), as: UInt32.self)
        if let start = bytes.baseAddress { (base + (count &+ 5)).update(from: start, count: length) }
        count &+= 5 &+ length
        return true
    }

    // MARK: Events

    func beginElement(pointer: String) {}

    /// The element's value, or `.null` when it is on the tape.
    func finishElement() -> (Value, PayloadLocations?) {
        guard onTape && write(.elementEnd) else { return (values.takeValue(), nil) }
        elementsEnd = count
        elementsOnTape += 1
        updateWriteLimit()
        return (.null, nil)
    }

    @inline(__always)
    func beginObject(at position: JSONPosition) {
        if !(onTape && write(.beginObject)) { values.beginObject(at: position) }
    }

    @inline(__always)
    func endObject() {
        if !(onTape && write(.endObject)) { values.endObject() }
    }

    @inline(__always)
    func beginArray(at position: JSONPosition) {
        if !(onTape && write(.beginArray)) { values.beginArray(at: position) }
    }

    @inline(__always)
    func endArray() {
        if !(onTape && write(.endArray)) { values.endArray() }
    }

    @inline(__always)
    func key(_ key: JSONStringToken, at position: JSONPosition) {
        if !(onTape && write(key.hasEscapes ? .escapedKey : .key, key.bytes)) { values.key(key, at: position) }
    }

    @inline(__always)
    func memberKey(_ index: Int, of members: JSONMemberFilter, token: JSONStringToken, at position: JSONPosition) {
        if !(onTape && write(.member, word: index)) { values.memberKey(index, of: members, token: token, at: position) }
    }

    @inline(__always)
    func string(_ string: JSONStringToken, at position: JSONPosition) {
        if !(onTape && write(string.hasEscapes ? .escapedString : .string, string.bytes)) { values.string(string, at: position) }
    }

    @inline(__always)
    func number(_ number: JSONNumberToken, at position: JSONPosition) {
        if !(onTape && write(number.isInteger ? .integer : .number, number.bytes)) { values.number(number, at: position) }
    }

    @inline(__always)
    func bool(_ value: Bool, at position: JSONPosition) {
        if !(onTape && write(value ? .true : .false)) { values.bool(value, at: position) }
    }

    @inline(__always)
    func null(at position: JSONPosition) {
        if !(onTape && write(.null)) { values.null(at: position) }
    }
}
