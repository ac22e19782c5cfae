/// Builds the `Value` of each element from open/attribute/text/close events, by SPEC §2:
/// - no attributes and no child elements: the element's text, trimmed, `null` when empty;
/// - otherwise an object: attributes (strings, document order), then child elements by first
///   occurrence, then the non-blank text under `text`;
/// - a key met twice — repeated child elements, a child named like an attribute, an attribute
///   or child named `text` next to text content — becomes an array in arrival order
///   (attributes, then children in document order, then the text), as RestKit's XMLReader does.
///
/// An element's text is all of its own text (CDATA and entity text included) concatenated
/// in document order, then trimmed of XML white space: interior white space is kept as
/// written, so `Hello <b>big</b> world` gives `Hello  world` rather than gluing the pieces
/// together. White space before the element's first non-blank text is never stored (the
/// trim would drop it), which keeps the blanks of indented documents out of the buffer.
///
/// Members of the outermost element can be left out (`markFiltered`, and `keepsOutermostText`
/// for its `text`): it is then an object even when nothing is left of it, as it would have
/// been with everything kept.
///
/// The members of all open elements wait on one stack, innermost element last, and become
/// an object when their element closes: most objects have no repeated key, and then each
/// member is moved once into the object, with no per-element bookkeeping before that.
final class XMLElementAssembler {
    private struct Member {
        var key: XMLName
        var value: Value
    }

    private struct Frame {
        var name: XMLName
        /// Where this element's members start on the member stack.
        var membersStart: Int
        /// Where this element's text starts in `text`.
        var textStart: Int
        /// Members were left out: the element is an object, whatever is left.
        var filtered: Bool
    }

    /// The completed value of one element.
    struct Element {
        var name: XMLName
        var value: Value
        var locations: XMLLocationTree?
    }

    let recordsLocations: Bool
    /// Whether the outermost element keeps its text (under `text`) when it is an object.
    private let keepsOutermostText: Bool

    private var frames = GrowableStorage<Frame>(capacity: 16)
    /// Elements open, innermost last.
    private(set) var depth = 0

    private var members = GrowableStorage<Member>(capacity: 64)
    private var memberCount = 0

    /// When recording locations: each open element's location, and each member's locations
    /// (parallel to the member stack).
    private var frameLocations: [SourceLocation] = []
    private var memberTrees: [XMLLocationTree] = []

    /// The text of the open elements, innermost last; 16 spare bytes let short strings be
    /// read a word at a time.
    private var text = GrowableStorage<UInt8>(capacity: 1024, slack: 16)
    private var textCount = 0
    /// The innermost element's `textStart`, kept at hand for the text callbacks.
    private var topTextStart = 0

    private let strings = XMLStringCache()

    static let textKey = XMLName("text")
    /// Above this many members, repeated keys are looked for (and grouped) through a
    /// dictionary rather than by comparing with the earlier members.
    private static let filterLimit = 64
    private static let scanLimit = 32

    init(recordsLocations: Bool, keepsOutermostText: Bool = true) {
        self.recordsLocations = recordsLocations
        self.keepsOutermostText = keepsOutermostText
    }

    deinit {
        frames.base.deinitialize(count: depth)
        members.base.deinitialize(count: memberCount)
    }

    // MARK: Events

    /// Opens an element.
    @inline(__always)
    func open(name: XMLName) {
        if depth == frames.capacity { frames.grow(toHold: depth + 1, keeping: depth) }
        (frames.base + depth).initialize(
            to: Frame(name: name, membersStart: memberCount, textStart: textCount, filtered: false))
        topTextStart = textCount
        depth += 1
    }

    /// When recording locations: where the element just opened starts.
    func locate(_ location: SourceLocation) {
        frameLocations.append(location)
    }

    /// Adds an attribute to the innermost open element.
    @inline(__always)
    func addAttribute(name: XMLName, value: UnsafeBufferPointer<UInt8>) {
        push(name, .string(strings.string(value)))
        if recordsLocations { memberTrees.append(XMLLocationTree(frameLocations[depth - 1])) }
    }

    /// Notes that the innermost open element had a member that was left out.
    func markFiltered() {
        frames.base[depth - 1].filtered = true
    }

    /// Adds text (or CDATA) to the innermost open element.
    @inline(__always)
    func appendText(_ start: UnsafePointer<UInt8>, count: Int) {
        var start = start
        var count = count
        if textCount == topTextStart {
            // Nothing kept yet: leading white space would be trimmed anyway.
            while count > 0 && XMLText.isWhitespace(start.pointee) {
                start += 1
                count -= 1
            }
            if count == 0 { return }
        }
        if textCount + count > text.capacity { text.grow(toHold: textCount + count, keeping: textCount) }
        (text.base + textCount).update(from: start, count: count)
        textCount += count
    }

    /// Closes the innermost element, which has a parent, and adds it to the parent.
    @inline(__always)
    func closeIntoParent() {
        let (name, value, tree) = finish()
        push(name, value)
        if let tree { memberTrees.append(tree) }
    }

    /// Closes the innermost element and returns it.
    func close() -> Element {
        let (name, value, tree) = finish()
        return Element(name: name, value: value, locations: tree)
    }

    // MARK: Building

    private func finish() -> (XMLName, Value, XMLLocationTree?) {
        let top = depth - 1
        let frame = (frames.base + top).move()
        depth = top
        var trimmed: String?
        if textCount > frame.textStart {
            // Leading white space was never stored, so something non-blank is there.
            var end = textCount
            while XMLText.isWhitespace(text.base[end - 1]) { end -= 1 }
            trimmed = strings.string(UnsafeBufferPointer(start: text.base + frame.textStart, count: end - frame.textStart))
            textCount = frame.textStart
        }
        if top > 0 { topTextStart = frames.base[top - 1].textStart }
        if recordsLocations { return locatedFinish(frame, trimmed, outermost: top == 0) }
        if memberCount == frame.membersStart && !frame.filtered {
            return (frame.name, trimmed.map { .string($0) } ?? .null, nil)
        }
        if let trimmed, top > 0 || keepsOutermostText { push(Self.textKey, .string(trimmed)) }
        let start = frame.membersStart
        return (frame.name, hasRepeatedKeys(from: start) ? groupedObject(from: start) : object(from: start), nil)
    }

    private func locatedFinish(_ frame: Frame, _ trimmed: String?, outermost: Bool) -> (XMLName, Value, XMLLocationTree?) {
        let location = frameLocations.removeLast()
        if memberCount == frame.membersStart && !frame.filtered {
            return (frame.name, trimmed.map { .string($0) } ?? .null, XMLLocationTree(location))
        }
        if let trimmed, !outermost || keepsOutermostText {
            push(Self.textKey, .string(trimmed))
            memberTrees.append(XMLLocationTree(location))
        }
        let (value, children) = locatedObject(from: frame.membersStart)
        return (frame.name, value, XMLLocationTree(location, children: children))
    }

    @inline(__always)
    private func push(_ key: XMLName, _ value: Value) {
        if memberCount == members.capacity { members.grow(toHold: memberCount + 1, keeping: memberCount) }
        (members.base + memberCount).initialize(to: Member(key: key, value: value))
        memberCount += 1
    }

    /// Whether two members from `start` on share a key. Names interned by libxml2 go into a
    /// 64-bit filter of their identities; only a member whose bit was already set is compared
    /// with the earlier ones.
    private func hasRepeatedKeys(from start: Int) -> Bool {
        let count = memberCount - start
        if count < 2 { return false }
        if count > Self.filterLimit { return true }  // the filter would be full: group anyway
        var seen: UInt64 = 0
        for i in start..<memberCount {
            let id = members.base[i].key.id
            if id == 0 { return true }  // not interned: let the grouping compare strings
            let bit: UInt64 = 1 &<< ((UInt64(id) &* 0x9E37_79B9_7F4A_7C15) >> 58)
            if seen & bit != 0 {
                for j in start..<i where members.base[j].key.id == id { return true }
            }
            seen |= bit
        }
        return false
    }

    /// The members from `start` on, all of different keys, moved into an object.
    private func object(from start: Int) -> Value {
        let count = memberCount - start
        let source = members.base + start
        let entries = [ValueObject.Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count {
                let member = (source + i).move()
                (buffer.baseAddress! + i).initialize(to: ValueObject.Entry(key: member.key.string, value: member.value))
            }
            initialized = count
        }
        memberCount = start
        return .object(ValueObject(uniqueEntries: entries))
    }

    /// The members from `start` on, a repeated key becoming an array at its first place.
    private func groupedObject(from start: Int) -> Value {
        let (keys, groups, _) = groups(from: start)
        var object = ValueObject(minimumCapacity: keys.count)
        for (key, values) in zip(keys, groups) {
            object.appendUnchecked(key: key, value: values.count == 1 ? values[0] : .array(values))
        }
        return .object(object)
    }

    /// The members from `start` on and their locations, grouped by key.
    private func locatedObject(from start: Int) -> (Value, [XMLLocationTree.Child]) {
        let (keys, groups, trees) = groups(from: start)
        var object = ValueObject(minimumCapacity: keys.count)
        var children: [XMLLocationTree.Child] = []
        children.reserveCapacity(keys.count)
        for i in keys.indices {
            object.appendUnchecked(key: keys[i], value: groups[i].count == 1 ? groups[i][0] : .array(groups[i]))
            children.append(.init(key: keys[i], trees: trees[i]))
        }
        return (.object(object), children)
    }

    /// Distinct keys in first-arrival order with their values (and locations), taking the
    /// members from `start` on off the stack.
    private func groups(from start: Int) -> (keys: [String], values: [[Value]], trees: [[XMLLocationTree]]) {
        var keys: [String] = []
        var values: [[Value]] = []
        var trees: [[XMLLocationTree]] = []
        var index: [String: Int] = [:]
        let count = memberCount - start
        let treeStart = memberTrees.count - (recordsLocations ? count : 0)
        for i in start..<memberCount {
            let member = (members.base + i).move()
            let tree = recordsLocations ? memberTrees[treeStart + i - start] : nil
            var position: Int?
            if count > Self.scanLimit {
                position = index[member.key.string]
                if position == nil { index[member.key.string] = keys.count }
            } else {
                // Few members: compare with the earlier ones (by identity when interned).
                for j in start..<i where members.base[j].key.matches(member.key) {
                    position = keys.firstIndex(of: members.base[j].key.string)
                    break
                }
            }
            if let position {
                values[position].append(member.value)
                if let tree { trees[position].append(tree) }
            } else {
                keys.append(member.key.string)
                values.append([member.value])
                if let tree { trees.append([tree]) }
            }
            // Keep the key readable for the scan of later members; the value is gone.
            (members.base + i).initialize(to: Member(key: member.key, value: .null))
        }
        members.base.advanced(by: start).deinitialize(count: count)
        memberCount = start
        if recordsLocations { memberTrees.removeLast(count) }
        return (keys, values, trees)
    }
}
