internal import CLibXML2

/// The element and attribute names of one parse, as the walker needs them. libxml2 interns
/// every name a SAX2 parse reports in the parser's dictionary, so one document's thousands of
/// `<employee>` tags share one name pointer: a direct-mapped cache by that pointer finds the
/// name's entry without hashing its text, and the pointer identifies the name (two equal
/// names from one dictionary are one pointer; the dictionary lives as long as the parse and
/// entity contexts share it).
///
/// An entry knows its string (decoded once), whether it is one of the `members` a streamed
/// element keeps (see `XMLPayloadReader.streamElements`), and the index by which event tapes
/// refer to it, defined on the tape before its first use there.
final class XMLNameTable {
    struct Entry {
        var key: UnsafePointer<xmlChar>?
        var string: String
        /// libxml2's interned pointer, or 0 for a name without one.
        var id: UInt
        var index: UInt32
        var isMember: Bool
        var defined: Bool
    }

    /// Valid until the next lookup (which may reuse the slot).
    typealias Ref = UnsafeMutablePointer<Entry>

    private var slots: UnsafeMutablePointer<Entry>
    /// Entries of names without an interned pointer (which SAX2 never reports in practice).
    private var loose: [Ref] = []
    private let members: Set<String>?
    /// The parser's dictionary, for qualified names (`prefix:local` interned as one pointer).
    var dictionary: xmlDictPtr?
    private var nextIndex: UInt32 = 0

    /// The table starts at 2^initialSlotBits entries and grows once to 2^maximumSlotBits
    /// after missing more than twice its size: a small document does not pay for setting up
    /// and tearing down hundreds of entries (a parse of a fuzzer's input was mostly that).
    private static let initialSlotBits: UInt64 = 4
    private static let maximumSlotBits: UInt64 = 9
    private var slotBits = initialSlotBits
    private var missesBeforeGrowth = 2 << initialSlotBits

    init(members: Set<String>?) {
        self.members = members
        slots = Self.makeSlots(bits: Self.initialSlotBits)
    }

    private static func makeSlots(bits: UInt64) -> UnsafeMutablePointer<Entry> {
        let slots = UnsafeMutablePointer<Entry>.allocate(capacity: 1 << bits)
        slots.initialize(
            repeating: Entry(key: nil, string: "", id: 0, index: 0, isMember: false, defined: false),
            count: 1 << bits)
        return slots
    }

    deinit {
        slots.deinitialize(count: 1 << slotBits)
        slots.deallocate()
        for entry in loose {
            entry.deinitialize(count: 1)
            entry.deallocate()
        }
    }

    /// The entry of a name as written: `prefix:local` when there is a prefix, else the local
    /// name.
    @inline(__always)
    func lookup(local: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> Ref {
        var key = local
        if let prefix {
            guard let dictionary, let interned = xmlDictQLookup(dictionary, prefix, local) else {
                return looseEntry(XMLText.string(prefix) + ":" + XMLText.string(local))
            }
            key = interned
        }
        let bits = UInt64(UInt(bitPattern: key))
        let slot = slots + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
        if slot.pointee.key == key { return slot }
        return miss(key, slot: slot)
    }

    private func miss(_ key: UnsafePointer<xmlChar>, slot: Ref) -> Ref {
        var slot = slot
        missesBeforeGrowth -= 1
        if missesBeforeGrowth < 0 && slotBits < Self.maximumSlotBits {
            // Every entry is dropped (evicted, as a collision would); names met again get new ones.
            slots.deinitialize(count: 1 << slotBits)
            slots.deallocate()
            slotBits = Self.maximumSlotBits
            slots = Self.makeSlots(bits: slotBits)
            let bits = UInt64(UInt(bitPattern: key))
            slot = slots + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
        }
        let string = XMLText.string(key)
        guard let dictionary, xmlDictOwns(dictionary, key) == 1 else { return looseEntry(string) }
        // Evicts the slot's name, if any: met again, it gets an entry (and an index) anew,
        // with the same identity.
        slot.pointee = entry(string, key: key)
        return slot
    }

    private func looseEntry(_ string: String) -> Ref {
        let ref = Ref.allocate(capacity: 1)
        ref.initialize(to: entry(string, key: nil))
        loose.append(ref)
        return ref
    }

    private func entry(_ string: String, key: UnsafePointer<xmlChar>?) -> Entry {
        defer { nextIndex += 1 }
        return Entry(
            key: key, string: string, id: key.map { UInt(bitPattern: $0) } ?? 0, index: nextIndex,
            isMember: members?.contains(string) ?? true, defined: false)
    }

    /// The name's tape index, writing its definition first when `tape` (and its replayer)
    /// have not seen it.
    @inline(__always)
    func index(of name: Ref, on tape: inout XMLEventTape) -> UInt32 {
        if !name.pointee.defined { define(name, on: &tape) }
        return name.pointee.index
    }

    private func define(_ name: Ref, on tape: inout XMLEventTape) {
        name.pointee.defined = true
        var string = name.pointee.string
        string.withUTF8 {
            tape.writeName(name.pointee.index, id: name.pointee.id, isMember: name.pointee.isMember, $0)
        }
    }
}

/// An element or attribute name, with a cheap identity: the address of libxml2's interned
/// copy, or 0 when there is none (then only the string says which name it is).
struct XMLName {
    var string: String
    var id: UInt
    /// Whether a streamed element keeps a member of this name (true when nothing is filtered).
    var isMember: Bool

    init(_ string: String, id: UInt = 0, isMember: Bool = true) {
        self.string = string
        self.id = id
        self.isMember = isMember
    }

    /// Equal names; by identity when both have one.
    @inline(__always)
    func matches(_ other: XMLName) -> Bool {
        if id != 0 && other.id != 0 { return id == other.id }
        return string == other.string
    }
}
