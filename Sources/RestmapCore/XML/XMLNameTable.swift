import CLibXML2

/// Swift strings for element and attribute names. libxml2 interns names in its dictionary, so
/// one document's thousands of `<employee>` tags share one name pointer; decoding each
/// distinct name once and looking the rest up by pointer saves a UTF-8 decode per node.
/// Only pointers the dictionary owns are cached: they live as long as the parse, whereas a
/// freed string's address could be reused for another name.
struct XMLNameTable {
    private var cache: [UnsafePointer<xmlChar>: String] = [:]
    private var dictionary: xmlDictPtr?

    /// The name as written: `prefix:local` for a namespaced element, else its local name.
    mutating func elementName(_ node: xmlNodePtr) -> String {
        qualifiedName(node.pointee.name, prefix: node.pointee.ns?.pointee.prefix, document: node.pointee.doc)
    }

    /// The attribute's name as written (`xml:lang`, `q:x`, `id`).
    mutating func attributeName(_ attribute: xmlAttrPtr) -> String {
        qualifiedName(
            attribute.pointee.name, prefix: attribute.pointee.ns?.pointee.prefix, document: attribute.pointee.doc)
    }

    private mutating func qualifiedName(
        _ local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, document: xmlDocPtr?
    ) -> String {
        guard let local else { return "" }
        if dictionary == nil { dictionary = document?.pointee.dict }
        var name = local
        if let prefix {
            // Interning "prefix:local" gives a stable key; the prefix itself is a copy owned by
            // its namespace declaration, freed with its element.
            guard let dictionary, let interned = xmlDictQLookup(dictionary, prefix, local) else {
                return XMLText.string(prefix) + ":" + XMLText.string(local)
            }
            name = interned
        }
        if let cached = cache[name] { return cached }
        let decoded = XMLText.string(name)
        if let dictionary, xmlDictOwns(dictionary, name) == 1 { cache[name] = decoded }
        return decoded
    }
}

/// Conversions from libxml2's NUL-terminated UTF-8 (`xmlChar *`) without going through C
/// strings: libxml2 has already checked and converted the input, so decoding never repairs.
enum XMLText {
    static func string(_ text: UnsafePointer<xmlChar>) -> String {
        String(decoding: UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))), as: UTF8.self)
    }

    static func bytes(_ text: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text)))
    }

    /// XML white space: space, tab, line feed, carriage return (not Unicode's wider set).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
