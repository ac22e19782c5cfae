import CLibXML2

/// Swift strings for element and attribute names. libxml2 interns names in its dictionary, so
/// one document's thousands of `<employee>` tags share one name pointer; decoding each
/// distinct name once and looking the rest up by pointer saves a UTF-8 decode per node.
/// Only pointers the dictionary owns are cached: they live as long as the parse, whereas a
/// freed string's address could be reused for another name. Those pointers also identify
/// names: two equal names from one dictionary are one pointer.
struct XMLNameTable {
    /// Direct-mapped by pointer: a collision only costs a decode, and a hit costs no hashing.
    private var slots = [Slot](repeating: Slot(), count: XMLNameTable.slotCount)
    private var dictionary: xmlDictPtr?

    private struct Slot {
        var name: UnsafePointer<xmlChar>?
        var string = ""
    }

    private static let slotCount = 512

    /// The name as written: `prefix:local` for a namespaced element, else its local name.
    mutating func elementName(_ node: xmlNodePtr) -> XMLName {
        qualifiedName(node.pointee.name, prefix: node.pointee.ns?.pointee.prefix, document: node.pointee.doc)
    }

    /// The attribute's name as written (`xml:lang`, `q:x`, `id`).
    mutating func attributeName(_ attribute: xmlAttrPtr) -> XMLName {
        qualifiedName(
            attribute.pointee.name, prefix: attribute.pointee.ns?.pointee.prefix, document: attribute.pointee.doc)
    }

    private mutating func qualifiedName(
        _ local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, document: xmlDocPtr?
    ) -> XMLName {
        guard let local else { return XMLName("") }
        if dictionary == nil { dictionary = document?.pointee.dict }
        var name = local
        if let prefix {
            // Interning "prefix:local" gives a stable key; the prefix itself is a copy owned by
            // its namespace declaration, freed with its element.
            guard let dictionary, let interned = xmlDictQLookup(dictionary, prefix, local) else {
                return XMLName(XMLText.string(prefix) + ":" + XMLText.string(local))
            }
            name = interned
        }
        let bits = UInt(bitPattern: name)
        let slot = Int(truncatingIfNeeded: (bits >> 3 ^ bits >> 12) & UInt(Self.slotCount - 1))
        if slots[slot].name == name { return XMLName(slots[slot].string, id: bits) }
        let decoded = XMLText.string(name)
        guard let dictionary, xmlDictOwns(dictionary, name) == 1 else { return XMLName(decoded) }
        slots[slot] = Slot(name: name, string: decoded)
        return XMLName(decoded, id: bits)
    }
}

/// An element or attribute name, with a cheap identity: the address of libxml2's interned
/// copy, or 0 when there is none (then only the string says which name it is).
struct XMLName {
    var string: String
    var id: UInt

    init(_ string: String, id: UInt = 0) {
        self.string = string
        self.id = id
    }

    /// Equal names; by identity when both have one.
    @inline(__always)
    func matches(_ other: XMLName) -> Bool {
        if id != 0 && other.id != 0 { return id == other.id }
        return string == other.string
    }
}
