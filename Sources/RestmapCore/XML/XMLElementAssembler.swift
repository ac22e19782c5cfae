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
        var key: XMLName
        var first: Value
        /// Every value once a second one arrived (`first` is then unused).
        var values: [Value] = []
    }

    private struct Frame {
        var name: XMLName
        /// Where this element's text starts in `text`.
        var textStart: Int
        /// The element's only text chunk so far, kept as a string: most leaves have exactly
        /// one, which then goes from libxml2's buffer into its `String` with a single copy.
        var onlyChunk: String?
        var entries: [Entry] = []
        var keyIndex: [String: Int]?
    }

    /// Locations of one open element and of its entries (parallel to `Frame.entries`), kept
    /// apart so that reading without locations never touches them.
    private struct FrameLocations {
        var location: SourceLocation
        var entries: [[XMLLocationTree]] = []
    }

    /// The completed value of one element.
    struct Element {
        var name: XMLName
        var value: Value
        var locations: XMLLocationTree?
    }

    let recordsLocations: Bool
    private var frames: [Frame] = []
    private var locations: [FrameLocations] = []
    private var text: [UInt8] = []
    /// Elements open, innermost last.
    private(set) var depth = 0

    static let textKey = XMLName("text")
    private static let indexThreshold = 16

    init(recordsLocations: Bool) {
        self.recordsLocations = recordsLocations
    }

    /// Opens an element; `location` is used only when recording locations.
    mutating func open(name: XMLName, location: SourceLocation?) {
        if depth < frames.count {
            frames[depth].name = name
            frames[depth].textStart = text.count
            frames[depth].onlyChunk = nil
        } else {
            frames.append(Frame(name: name, textStart: text.count))
        }
        if recordsLocations {
            let frameLocations = FrameLocations(location: location ?? SourceLocation(file: ""))
            if depth < locations.count { locations[depth] = frameLocations } else { locations.append(frameLocations) }
        }
        depth += 1
    }

    /// Adds an attribute to the innermost open element.
    mutating func addAttribute(name: XMLName, value: String) {
        add(key: name, value: .string(value), location: recordsLocations ? XMLLocationTree(locations[depth - 1].location) : nil)
    }

    /// Adds text (or CDATA) to the innermost open element.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        let top = depth - 1
        if text.count == frames[top].textStart {
            guard let chunk = frames[top].onlyChunk else {
                frames[top].onlyChunk = String(decoding: bytes, as: UTF8.self)
                return
            }
            text.append(contentsOf: chunk.utf8)
            frames[top].onlyChunk = nil
        }
        text.append(contentsOf: bytes)
    }

    /// Adds white space that libxml2 reported as its own node; it is kept only after text,
    /// where it may separate two runs.
    mutating func appendWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) {
        let top = depth - 1
        if frames[top].onlyChunk != nil || text.count > frames[top].textStart { appendText(bytes) }
    }

    /// Closes the innermost element and returns its value; the caller attaches it (`attach`)
    /// or hands it on.
    mutating func close() -> Element {
        let top = depth - 1
        let textStart = frames[top].textStart
        var trimmed: String?
        if let chunk = frames[top].onlyChunk {
            trimmed = Self.trimmed(chunk)
            frames[top].onlyChunk = nil
        } else if text.count > textStart {
            trimmed = trimmedText(from: textStart)
            text.removeLast(text.count - textStart)
        }
        var tree: XMLLocationTree?
        let value: Value
        if frames[top].entries.isEmpty {
            value = trimmed.map { .string($0) } ?? .null
            if recordsLocations { tree = XMLLocationTree(locations[top].location) }
        } else {
            if let trimmed {
                let location = recordsLocations ? XMLLocationTree(locations[top].location) : nil
                add(key: Self.textKey, value: .string(trimmed), location: location)
            }
            let count = frames[top].entries.count
            var object = ValueObject(minimumCapacity: count)
            for i in 0..<count {
                if frames[top].entries[i].values.isEmpty {
                    object.appendUnchecked(key: frames[top].entries[i].key.string, value: frames[top].entries[i].first)
                } else {
                    object.appendUnchecked(key: frames[top].entries[i].key.string, value: .array(frames[top].entries[i].values))
                }
            }
            value = .object(object)
            if recordsLocations {
                var children: [XMLLocationTree.Child] = []
                children.reserveCapacity(count)
                for i in 0..<count {
                    children.append(.init(key: frames[top].entries[i].key.string, trees: locations[top].entries[i]))
                }
                tree = XMLLocationTree(locations[top].location, children: children)
                locations[top].entries.removeAll(keepingCapacity: true)
            }
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

    private mutating func add(key: XMLName, value: Value, location: XMLLocationTree?) {
        let top = depth - 1
        if let position = position(of: key, in: top) {
            if frames[top].entries[position].values.isEmpty {
                let first = frames[top].entries[position].first
                frames[top].entries[position].first = .null
                frames[top].entries[position].values = [first, value]
            } else {
                frames[top].entries[position].values.append(value)
            }
            if let location { locations[top].entries[position].append(location) }
            return
        }
        frames[top].entries.append(Entry(key: key, first: value))
        if let location { locations[top].entries.append([location]) }
        let count = frames[top].entries.count
        if frames[top].keyIndex != nil {
            frames[top].keyIndex![key.string] = count - 1
        } else if count > Self.indexThreshold {
            var index = [String: Int](minimumCapacity: count * 2)
            for i in 0..<count { index[frames[top].entries[i].key.string] = i }
            frames[top].keyIndex = index
        }
    }

    /// Repeated keys are almost always the last one added (`<item>` after `<item>`), so the
    /// scan runs backwards; objects with many keys use a hash index.
    private func position(of key: XMLName, in frame: Int) -> Int? {
        if let index = frames[frame].keyIndex { return index[key.string] }
        var i = frames[frame].entries.count - 1
        while i >= 0 {
            if frames[frame].entries[i].key.matches(key) { return i }
            i -= 1
        }
        return nil
    }

    /// `chunk` without leading and trailing XML white space; nil when nothing is left.
    private static func trimmed(_ chunk: String) -> String? {
        let utf8 = chunk.utf8
        guard let first = utf8.first, let last = utf8.last else { return nil }
        if !XMLText.isWhitespace(first) && !XMLText.isWhitespace(last) { return chunk }
        guard let lower = utf8.firstIndex(where: { !XMLText.isWhitespace($0) }),
            let upper = utf8.lastIndex(where: { !XMLText.isWhitespace($0) })
        else { return nil }
        return String(chunk.utf8[lower...upper])
    }

    private func trimmedText(from start: Int) -> String? {
        text.withUnsafeBufferPointer { buffer in
            var lower = start
            var upper = buffer.count
            while lower < upper && XMLText.isWhitespace(buffer[lower]) { lower += 1 }
            while upper > lower && XMLText.isWhitespace(buffer[upper - 1]) { upper -= 1 }
            guard lower < upper else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[lower..<upper]), as: UTF8.self)
        }
    }
}
