/// Writes a request body as an XML document (`--format xml`, restmap's extension: RestKit
/// has no XML writer). The shape is the inverse of how restmap reads XML payloads (SPEC §2),
/// so that a body read back gives the same dictionary:
///
/// - the root element is the root key path, else the class name; a dictionary's members are
///   child elements in body order (nested body keys nest elements);
/// - an array member is one element per item, all named by its key (an item that is itself an
///   array is an element of that name holding its items the same way); an empty array
///   writes nothing;
/// - an array body (an array input) is wrapped in the plural of the root name:
///   `<users><user>…</user><user>…</user></users>` (English rules: `-s`, `-es` after
///   s/x/z/ch/sh, `-ies` after a consonant and `y`);
/// - scalars are text: strings escaped, numbers as their JSON text, booleans `true`/`false`;
///   null and an empty dictionary are an empty element `<name/>`, an empty string
///   `<name></name>`;
/// - element names must be XML names without a colon (restmap declares no namespaces);
///   anything else is an error, not silently rewritten.
///
/// `.pretty` indents by two spaces, one element a line; `.compact` writes no whitespace
/// between elements. Both start with the XML declaration and end with a newline.
struct XMLBodyEncoder: Sendable {
    enum Style: Sendable {
        case pretty
        case compact
    }

    let style: Style

    init(style: Style = .pretty) {
        self.style = style
    }

    /// An element name the body needs that is not a valid XML name.
    struct InvalidNameError: Error, Sendable, Equatable {
        var name: String
        /// Where in the body the name occurs (a JSON Pointer of the body, `""` for the root).
        var pointer: String

        /// `the key 'my key' (at /meta/my key in the body) is not a valid XML element name`.
        var message: String {
            if pointer.isEmpty { return "the element name '\(name)' is not a valid XML name" }
            return "the key '\(name)' (at \(pointer) in the body) is not a valid XML element name"
        }
    }

    /// The document whose root element `name` holds `content` (an array: the plural wrapper).
    /// - Throws: `InvalidNameError` for a name that XML cannot carry.
    func encode(element name: String, content: Value) throws -> String {
        guard Self.isValidName(name) else { throw InvalidNameError(name: name, pointer: "") }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        if style == .pretty { out += "\n" }
        if case .array(let items) = content {
            let wrapper = Self.plural(name)
            if items.isEmpty {
                line("<\(wrapper)/>", depth: 0, into: &out)
            } else {
                line("<\(wrapper)>", depth: 0, into: &out)
                var path: [String] = []
                for (index, item) in items.enumerated() {
                    path.append("/\(index)")
                    try element(name, item, depth: 1, path: &path, into: &out)
                    path.removeLast()
                }
                line("</\(wrapper)>", depth: 0, into: &out)
            }
        } else {
            var path: [String] = []
            try element(name, content, depth: 0, path: &path, into: &out)
        }
        if style == .compact { out += "\n" }
        return out
    }

    /// One element `name` holding `value`; `path` holds the JSON Pointer segments of where it
    /// sits in the body, joined only for an error (a pointer string per element would cost
    /// time and memory quadratic in the nesting).
    private func element(_ name: String, _ value: Value, depth: Int, path: inout [String], into out: inout String) throws {
        switch value {
        case .null:
            line("<\(name)/>", depth: depth, into: &out)
        case .bool(let flag):
            line("<\(name)>\(flag ? "true" : "false")</\(name)>", depth: depth, into: &out)
        case .number(let text):
            line("<\(name)>\(text)</\(name)>", depth: depth, into: &out)
        case .string(let text):
            line("<\(name)>\(XMLEscaping.escape(text))</\(name)>", depth: depth, into: &out)
        case .object(let object):
            guard !object.isEmpty else {
                line("<\(name)/>", depth: depth, into: &out)
                return
            }
            line("<\(name)>", depth: depth, into: &out)
            for entry in object.entries {
                path.append(PayloadLocations.appending(entry.key, to: ""))
                defer { path.removeLast() }
                guard Self.isValidName(entry.key) else {
                    throw InvalidNameError(name: entry.key, pointer: path.joined())
                }
                if case .array(let items) = entry.value {
                    for (index, item) in items.enumerated() {
                        path.append("/\(index)")
                        try element(entry.key, item, depth: depth + 1, path: &path, into: &out)
                        path.removeLast()
                    }
                } else {
                    try element(entry.key, entry.value, depth: depth + 1, path: &path, into: &out)
                }
            }
            line("</\(name)>", depth: depth, into: &out)
        case .array(let items):
            // An array inside an array: an element of the same name holding the items.
            guard !items.isEmpty else {
                line("<\(name)/>", depth: depth, into: &out)
                return
            }
            line("<\(name)>", depth: depth, into: &out)
            for (index, item) in items.enumerated() {
                path.append("/\(index)")
                try element(name, item, depth: depth + 1, path: &path, into: &out)
                path.removeLast()
            }
            line("</\(name)>", depth: depth, into: &out)
        }
    }

    private func line(_ text: String, depth: Int, into out: inout String) {
        if style == .pretty {
            // Past IndentationCap's levels lines keep that indentation: output linear in size.
            out += String(repeating: "  ", count: IndentationCap.levels(atDepth: depth))
            out += text
            out += "\n"
        } else {
            out += text
        }
    }

    /// The wrapper of an array body: `user` → `users`, `address` → `addresses`,
    /// `category` → `categories`, `UserLoginInfo` → `UserLoginInfos`.
    static func plural(_ name: String) -> String {
        let lowered = name.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: { lowered.hasSuffix($0) }) { return name + "es" }
        if lowered.hasSuffix("y"), lowered.count > 1,
            !"aeiou".contains(lowered[lowered.index(lowered.endIndex, offsetBy: -2)])
        {
            return String(name.dropLast()) + "ies"
        }
        return name + "s"
    }

    /// Whether `name` is an XML 1.0 (fifth edition) name without a colon — an NCName.
    static func isValidName(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first) else { return false }
        while let scalar = scalars.next() {
            guard isNameStart(scalar) || isNameOnly(scalar) else { return false }
        }
        return true
    }

    /// NameStartChar, less `:`.
    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
            0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
            0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default: return false
        }
    }

    /// The characters NameChar adds to NameStartChar.
    private static func isNameOnly(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }
}
