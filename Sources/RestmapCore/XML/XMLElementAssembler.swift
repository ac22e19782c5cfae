/// Builds the `Value` of each element from open/attribute/text/close events, by SPEC §2:
/// - no attributes and no child elements: the element's text, trimmed, `null` when empty;
/// - otherwise an object: attributes (strings, document order), then child elements by first
///   occurrence, then the non-blank text under `text`;
/// - a key met twice — repeated child elements, a child named like an attribute, an attribute
///   or child named `text` next to text content — becomes an array in arrival order
///   (attributes, then children in document order, then the text), as RestKit's XMLReader does.
///
/// An element's text is all of its own text nodes (CDATA and entity text included)
/// concatenated in document order, then trimmed of XML white space: interior white space is
/// kept as written, so `Hello <b>big</b> world` gives `Hello  world` rather than gluing the
/// pieces together. White-space-only text between child elements is dropped unless text came
/// before it (it can then only matter between two non-blank runs).
///
/// Frames are reused from element to element, so that a stream of similar records does not
/// allocate a fresh key list each time.
struct XMLElementAssembler {
    private struct Entry {
        var key: String
        var first: Value
        /// Every value once a second one arrived (`first` is then unused).
        var values: [Value] = []
        var locations: [XMLLocationTree] = []
    }

    private struct Frame {
        var name: String
        var location: SourceLocation?
        var textStart: Int
        var entries: [Entry] = []
        var keyIndex: [String: Int]?
    }

    /// The completed value of one element.
    struct Element {
        var name: String
        var value: Value
        var locations: XMLLocationTree?
    }

    let recordsLocations: Bool
    private var frames: [Frame] = []
    private var text: [UInt8] = []
    /// Elements open, innermost last.
    private(set) var depth = 0

    static let textKey = "text"
    private static let indexThreshold = 16

    init(recordsLocations: Bool) {
        self.recordsLocations = recordsLocations
    }

    mutating func open(name: String, location: SourceLocation?) {
        if depth < frames.count {
            frames[depth].name = name
            frames[depth].location = location
            frames[depth].textStart = text.count
        } else {
            frames.append(Frame(name: name, location: location, textStart: text.count))
        }
        depth += 1
    }

    /// Adds an attribute to the innermost open element.
    mutating func addAttribute(name: String, value: String) {
        let location = frames[depth - 1].location
        add(key: name, value: .string(value), location: location.map { XMLLocationTree($0) })
    }

    /// Adds text (or CDATA) to the innermost open element.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    /// Adds white space that libxml2 reported as its own node; it is kept only after text,
    /// where it may separate two runs.
    mutating func appendWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) {
        if text.count > frames[depth - 1].textStart { text.append(contentsOf: bytes) }
    }

    /// Closes the innermost element and returns its value; the caller attaches it (`attach`)
    /// or hands it on.
    mutating func close() -> Element {
        let top = depth - 1
        let trimmed = trimmedText(from: frames[top].textStart)
        text.removeLast(text.count - frames[top].textStart)
        let location = frames[top].location
        var tree = recordsLocations ? location.map { XMLLocationTree($0) } : nil
        let value: Value
        if frames[top].entries.isEmpty {
            value = trimmed.map { .string($0) } ?? .null
        } else {
            if let trimmed {
                add(key: Self.textKey, value: .string(trimmed), location: location.map { XMLLocationTree($0) })
            }
            var object = ValueObject(minimumCapacity: frames[top].entries.count)
            for entry in frames[top].entries {
                object.appendUnchecked(key: entry.key, value: entry.values.isEmpty ? entry.first : .array(entry.values))
                if tree != nil { tree!.children.append(.init(key: entry.key, trees: entry.locations)) }
            }
            value = .object(object)
            frames[top].entries.removeAll(keepingCapacity: true)
            frames[top].keyIndex = nil
        }
        depth -= 1
        return Element(name: frames[top].name, value: value, locations: tree)
    }

    /// Adds a completed child element to the innermost open element.
    mutating func attach(_ element: Element) {
        add(key: element.name, value: element.value, location: element.locations)
    }

    private mutating func add(key: String, value: Value, location: XMLLocationTree?) {
        let top = depth - 1
        if let position = position(of: key, in: top) {
            if frames[top].entries[position].values.isEmpty {
                let first = frames[top].entries[position].first
                frames[top].entries[position].first = .null
                frames[top].entries[position].values = [first, value]
            } else {
                frames[top].entries[position].values.append(value)
            }
            if let location { frames[top].entries[position].locations.append(location) }
            return
        }
        var entry = Entry(key: key, first: value)
        if let location { entry.locations = [location] }
        frames[top].entries.append(entry)
        let count = frames[top].entries.count
        if frames[top].keyIndex != nil {
            frames[top].keyIndex![key] = count - 1
        } else if count > Self.indexThreshold {
            var index = [String: Int](minimumCapacity: count * 2)
            for (i, entry) in frames[top].entries.enumerated() { index[entry.key] = i }
            frames[top].keyIndex = index
        }
    }

    /// Repeated keys are almost always the last one added (`<item>` after `<item>`), so the
    /// scan runs backwards; objects with many keys use a hash index.
    private func position(of key: String, in frame: Int) -> Int? {
        if let index = frames[frame].keyIndex { return index[key] }
        let entries = frames[frame].entries
        var i = entries.count - 1
        while i >= 0 {
            if entries[i].key == key { return i }
            i -= 1
        }
        return nil
    }

    private func trimmedText(from start: Int) -> String? {
        var lower = start
        var upper = text.count
        while lower < upper && XMLText.isWhitespace(text[lower]) { lower += 1 }
        while upper > lower && XMLText.isWhitespace(text[upper - 1]) { upper -= 1 }
        guard lower < upper else { return nil }
        return text.withUnsafeBufferPointer { String(decoding: $0[lower..<upper], as: UTF8.self) }
    }
}
