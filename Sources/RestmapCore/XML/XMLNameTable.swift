import CLibXML2

/// Swift strings for element and attribute names. libxml2 interns every name a SAX2 parse
/// reports in the parser's dictionary, so one document's thousands of `<employee>` tags share
/// one name pointer; decoding each distinct name once and looking the rest up by pointer
/// saves a UTF-8 decode per node. The dictionary lives as long as the parse (entity contexts
/// share it), so its pointers can be cached and also identify names: two equal names from
/// one dictionary are one pointer.
///
/// Each name also knows whether it is one of the `members` a streamed element keeps (see
/// `XMLPayloadReader.streamElements`), decided once per distinct name.
final class XMLNameTable {
    /// Direct-mapped by pointer: a collision only costs a decode, and a hit costs no hashing.
    private let slots: UnsafeMutablePointer<Slot>
    private let members: Set<String>?
    /// The parser's dictionary, for qualified names (`prefix:local` interned as one pointer).
    var dictionary: xmlDictPtr?

    private struct Slot {
        var key: UnsafePointer<xmlChar>?
        var name: XMLName
    }

    private static let slotBits: UInt64 = 9
    private static let slotCount = 1 << slotBits

    init(members: Set<String>?) {
        self.members = members
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(key: nil, name: XMLName("")), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The name as written: `prefix:local` when there is a prefix, else the local name.
    @inline(__always)
    func name(local: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> XMLName {
        var key = local
        if let prefix {
            guard let dictionary, let interned = xmlDictQLookup(dictionary, prefix, local) else {
                return make(XMLText.string(prefix) + ":" + XMLText.string(local), id: 0)
            }
            key = interned
        }
        let bits = UInt64(UInt(bitPattern: key))
        let slot = slots + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.slotBits))
        if slot.pointee.key == key { return slot.pointee.name }
        return miss(key, slot: slot)
    }

    private func miss(_ key: UnsafePointer<xmlChar>, slot: UnsafeMutablePointer<Slot>) -> XMLName {
        let decoded = XMLText.string(key)
        guard let dictionary, xmlDictOwns(dictionary, key) == 1 else { return make(decoded, id: 0) }
        let name = make(decoded, id: UInt(bitPattern: key))
        slot.pointee = Slot(key: key, name: name)
        return name
    }

    func make(_ string: String, id: UInt = 0) -> XMLName {
        XMLName(string, id: id, isMember: members?.contains(string) ?? true)
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
