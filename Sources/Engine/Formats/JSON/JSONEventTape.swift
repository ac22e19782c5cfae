/// The events of streamed elements as the parse thread found them, in a byte buffer, for the
/// mapping thread to build the values from (`JSONTapeReplayer`): writing an event is a few
/// stores, where building a value allocates and counts references, so handing tapes over moves
/// that work to the thread that maps (and frees) the values. `JSONHandOffBuilder` writes them.
///
/// Events: a tag byte, then for text a 32-bit length in native order and the bytes as written
/// between the quotes (escapes undecoded): `key`, `string`, their `escaped…` forms, `number`,
/// `integer`; `member` carries a 32-bit index into the element filter's names; containers,
/// literals and `elementEnd` are a tag alone.
final class JSONEventTape {
    enum Tag: UInt8 {
        case beginObject = 1, endObject, beginArray, endArray
        case key, escapedKey, member, string, escapedString, number, integer
        case `true`, `false`, null, elementEnd
    }

    /// Bytes past `capacity` that a reader may load a word at a time (short strings are read
    /// as two 8-byte words).
    static let slack = 16

    var storage: GrowableStorage<UInt8>
    /// Where the last complete element ends, and what is replayed: events after it belong to
    /// an element that an error cut short.
    var elementsEnd = 0

    init(capacity: Int = 1 << 15) {
        storage = GrowableStorage(capacity: capacity, slack: Self.slack)
    }

    var base: UnsafeMutablePointer<UInt8> { storage.base }
    /// Bytes that may be read from `base`, slack included.
    var readableCount: Int { storage.capacity + Self.slack }
}
