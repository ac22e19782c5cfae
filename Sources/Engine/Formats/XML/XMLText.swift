internal import CLibXML2

/// Conversions from libxml2's UTF-8 (`xmlChar *`) without going through C strings: libxml2
/// has already checked and converted the input, so decoding never repairs.
enum XMLText {
    /// libxml2's bound on one text node without `XML_PARSE_HUGE` (`XML_MAX_TEXT_LENGTH`).
    static let maximumLength = 10_000_000

    static func string(_ text: UnsafePointer<xmlChar>) -> String {
        String(decoding: UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))), as: UTF8.self)
    }

    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
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
