/// Streams the value at a key path: walks the document's events, builds nothing off the path,
/// and hands each element of the array found there (or the one value found there) to a
/// callback as soon as its last byte is read, so that memory holds one element at a time.
///
/// The path's containers are tracked as "open objects on the path": a key of the innermost
/// one that equals the next segment makes the next value lie on the path too. A repeated path
/// key is harmless until the target has been reached (the later occurrence simply takes over);
/// after that it would mean "the last one wins" for values already handed out, so it throws
/// `JSONPathKeyRepeated`.
///
/// An array met before the end of the path fans out, as key-value coding does: each of its
/// elements is handed out whole with the keys still to apply (`remainingKeyPath`). This is the
/// only selection of what a key path reaches in a streamed document; every reader (one thread,
/// `JSONParseThread`, `JSONDocumentPrefetch`) builds through it.
///
/// With `members`, an element that is an object gets only those keys: the others' values are
/// checked but not built, which spares a mapper that reads five keys of fifteen most of the
/// cost of building each element.
struct JSONPathBuilder<Inner: JSONElementBuilder>: JSONBuilder {
    private enum Kind { case scalar, object, array }

    /// Held whole (one reference, where copying its parts would retain each for every
    /// NDJSON line); only the member filter, read for every key, is kept apart.
    private let target: JSONPathTarget
    private var inner: Inner
    private let body: (JSONStreamElement) throws -> Void
    private let locationsRequested: Bool
    private let file: String
    private let members: JSONMemberFilter?

    /// Open containers.
    private var depth = 0
    /// The open containers at depths 1...onPath are the objects at the path's prefixes.
    private var onPath = 0
    /// The next value lies on the path (the root does; then each value of a matching key).
    private var pendingMatch = true
    private var targetReached = false
    private var targetIsArray = false
    /// The depth at which the target array's elements start, -1 outside it.
    private var elementsDepth = -1
    private var forwarding = false
    private var forwardDepth = 0
    private var elementIndex: Int?
    private var elementLocation: SourceLocation?
    private var count = 0
    private var rootKeys: [String] = []
    private var rootKeySet: Set<String> = []
    /// Inside a forwarded element, a member value left out by `members` is being read.
    private var skipping = false
    private var skipDepth = 0
    /// When the path runs into an array before its end, the keys still to apply to each of
    /// its elements (key-value coding fans out over arrays); empty otherwise.
    private var fanOutKeys: [String] = [] {
        didSet { fansOut = !fanOutKeys.isEmpty }
    }
    /// `!fanOutKeys.isEmpty`, kept as a flag: the member filter asks for every key of an
    /// element, and asking the array retains and releases it each time.
    private var fansOut = false

    init(
        target: JSONPathTarget, inner: Inner, file: String, locations: Bool,
        body: @escaping (JSONStreamElement) throws -> Void
    ) {
        self.file = file
        self.members = target.members
        self.target = target
        self.inner = inner
        self.locationsRequested = locations
        self.body = body
    }

    init(
        path: [String], members: Set<String>?, inner: Inner, file: String, locations: Bool,
        body: @escaping (JSONStreamElement) throws -> Void
    ) {
        self.init(
            target: JSONPathTarget(path: path, members: members), inner: inner, file: file, locations: locations, body: body)
    }

    var outcome: JSONPathOutcome {
        guard targetReached else { return .notFound(rootKeys: rootKeys) }
        return targetIsArray ? .array(count: count) : .single
    }

    var wantsLocations: Bool {
        if forwarding { return locationsRequested && !skipping }
        if pendingMatch || depth == elementsDepth { return locationsRequested }
        // Keys of the path's objects, to locate a repeated one.
        return targetReached && depth == onPath
    }

    /// Called as a value starts: true when the inner builder must see it. Inside an element
    /// (most values) that is one flag, tested here inline; the rest is a call.
    @inline(__always)
    private mutating func forwards(_ kind: Kind, at position: JSONPosition) -> Bool {
        forwarding || startsForwarding(kind, at: position)
    }

    /// `forwards` outside an element: whether this value is the target or one of its elements.
    /// Moves along the path as it goes (a value at the path's next key, the target reached,
    /// an array fanned out over), so it is called once per value.
    private mutating func startsForwarding(_ kind: Kind, at position: JSONPosition) -> Bool {
        if pendingMatch {
            pendingMatch = false
            if depth == target.path.count {
                targetReached = true
                if kind == .array {
                    targetIsArray = true
                    elementsDepth = depth + 1
                    return false
                }
                begin(index: nil, pointer: target.targetPointer, at: position)
                return true
            }
            if kind == .object { onPath = depth + 1 }
            if kind == .array {
                // The path fans out here: each element is handed out whole, with the keys
                // still to apply to it.
                targetReached = true
                targetIsArray = true
                elementsDepth = depth + 1
                fanOutKeys = Array(target.keyPath[depth...])
            }
            return false
        }
        if depth == elementsDepth {
            let index = count
            count += 1
            begin(index: index, pointer: locationsRequested ? PayloadLocations.appending(index, to: target.targetPointer) : "",
                  at: position)
            return true
        }
        return false
    }

    private mutating func begin(index: Int?, pointer: String, at position: JSONPosition) {
        forwarding = true
        forwardDepth = depth
        elementIndex = index
        elementLocation = locationsRequested ? position.location(in: file) : nil
        inner.beginElement(pointer: pointer)
    }

    /// Hands the completed element to the callback.
    private mutating func deliver() throws {
        forwarding = false
        let (value, locations) = inner.finishElement()
        try body(
            JSONStreamElement(
                index: elementIndex, value: value, location: elementLocation, locations: locations,
                remainingKeyPath: fanOutKeys))
    }

    @inline(__always)
    mutating func beginObject(at position: JSONPosition) throws {
        if !skipping && forwards(.object, at: position) { try inner.beginObject(at: position) }
        depth += 1
    }

    @inline(__always)
    mutating func beginArray(at position: JSONPosition) throws {
        if !skipping && forwards(.array, at: position) { try inner.beginArray(at: position) }
        depth += 1
    }

    /// Called at the end of each value while `skipping`: whether it was the skipped member.
    @inline(__always)
    private mutating func skippedValueEnds() {
        if depth == skipDepth { skipping = false }
    }

    @inline(__always)
    mutating func endObject() throws {
        depth -= 1
        if skipping {
            skippedValueEnds()
        } else if forwarding {
            try inner.endObject()
            if depth == forwardDepth { try deliver() }
        } else if depth + 1 == onPath {
            onPath -= 1
        }
    }

    @inline(__always)
    mutating func endArray() throws {
        depth -= 1
        if skipping {
            skippedValueEnds()
        } else if forwarding {
            try inner.endArray()
            if depth == forwardDepth { try deliver() }
        } else if depth + 1 == elementsDepth {
            elementsDepth = -1
        }
    }

    @inline(__always)
    mutating func key(_ key: JSONStringToken, at position: JSONPosition) throws {
        if forwarding {
            if skipping { return }
            if let members, !fansOut, depth == forwardDepth + 1 {
                guard let member = members.match(key) else {
                    skipping = true
                    skipDepth = depth
                    return
                }
                try inner.memberKey(member, of: members, token: key, at: position)
                return
            }
            try inner.key(key, at: position)
            return
        }
        if depth == 1 && !target.path.isEmpty {
            let text = key.string
            if rootKeySet.insert(text).inserted { rootKeys.append(text) }
        }
        if depth == onPath && depth <= target.path.count && key.equals(target.path[depth - 1]) {
            if targetReached {
                throw JSONPathKeyRepeated(keyPath: Array(target.keyPath[..<depth]), location: position.location(in: file))
            }
            pendingMatch = true
        }
    }

    @inline(__always)
    mutating func string(_ string: JSONStringToken, at position: JSONPosition) throws {
        if skipping {
            skippedValueEnds()
            return
        }
        guard forwards(.scalar, at: position) else { return }
        try inner.string(string, at: position)
        if depth == forwardDepth { try deliver() }
    }

    @inline(__always)
    mutating func number(_ number: JSONNumberToken, at position: JSONPosition) throws {
        if skipping {
            skippedValueEnds()
            return
        }
        guard forwards(.scalar, at: position) else { return }
        try inner.number(number, at: position)
        if depth == forwardDepth { try deliver() }
    }

    @inline(__always)
    mutating func bool(_ value: Bool, at position: JSONPosition) throws {
        if skipping {
            skippedValueEnds()
            return
        }
        guard forwards(.scalar, at: position) else { return }
        try inner.bool(value, at: position)
        if depth == forwardDepth { try deliver() }
    }

    @inline(__always)
    mutating func null(at position: JSONPosition) throws {
        if skipping {
            skippedValueEnds()
            return
        }
        guard forwards(.scalar, at: position) else { return }
        try inner.null(at: position)
        if depth == forwardDepth { try deliver() }
    }
}

/// A builder that can build one streamed element after another.
protocol JSONElementBuilder: JSONBuilder {
    /// Starts an element whose JSON Pointer is `pointer` ("" when locations are not wanted).
    mutating func beginElement(pointer: String)
    /// The completed element, and the locations of its values when the builder records them
    /// (nil otherwise: an empty set of locations costs a dozen references to make and drop).
    mutating func finishElement() -> (Value, PayloadLocations?)
    /// A key of the element's own object that the member filter kept: the filter's name at
    /// `index`, whose text and duplicate-check tag were made once (`token` is the key as
    /// written).
    mutating func memberKey(_ index: Int, of members: JSONMemberFilter, token: JSONStringToken, at position: JSONPosition) throws
}

extension JSONElementBuilder {
    mutating func memberKey(_ index: Int, of members: JSONMemberFilter, token: JSONStringToken, at position: JSONPosition) throws {
        try key(token, at: position)
    }
}

extension JSONValueBuilder: JSONElementBuilder {
    func beginElement(pointer: String) {}

    @inline(__always)
    func memberKey(_ index: Int, of members: JSONMemberFilter, token: JSONStringToken, at position: JSONPosition) {
        pushKnownKey(members.string(at: index), tag: members.tag(at: index))
    }

    func finishElement() -> (Value, PayloadLocations?) {
        (takeValue(), nil)
    }
}

extension JSONLocatingBuilder: JSONElementBuilder {
    func beginElement(pointer: String) {
        rootPointer = pointer
    }

    func finishElement() -> (Value, PayloadLocations?) {
        take()
    }
}

/// A key path and member filter in the form the builder compares with, prepared once
/// for all the documents of a stream (NDJSON calls the builder once per line). A class, so
/// that handing it to each line's builder is one reference, not a copy of its five parts.
final class JSONPathTarget: Equatable {
    let keyPath: [String]
    let memberSet: Set<String>?
    let path: [[UInt8]]
    let targetPointer: String
    let members: JSONMemberFilter?

    init(path: [String], members: Set<String>?) {
        self.keyPath = path
        self.memberSet = members
        self.path = path.map { Array($0.utf8) }
        self.targetPointer = path.reduce("") { PayloadLocations.appending($1, to: $0) }
        self.members = members.map(JSONMemberFilter.init)
    }

    static func == (lhs: JSONPathTarget, rhs: JSONPathTarget) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.memberSet == rhs.memberSet
    }
}
