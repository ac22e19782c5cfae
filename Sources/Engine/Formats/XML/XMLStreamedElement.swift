/// One element handed out by `XMLPayloadReader.streamElements(at:from:_:)`.
struct XMLStreamedElement: Sendable {
    /// 0-based position among the elements at the path, in document order.
    var index: Int
    var value: Value
    /// Locations keyed by JSON pointer relative to this element; nil unless asked for.
    var locations: PayloadLocations?
}

/// Whether a streamed key path was found.
enum XMLKeyPathSearch: Sendable, Equatable {
    /// `count` elements were handed out: one is a single object, more are an array's items.
    case found(count: Int)
    /// Nothing is at the path. The first `matchedSegments` segments were found; the next was
    /// looked for among `availableKeys` (the root's name when the first segment missed; else
    /// the attribute and child names of the last element found), for did-you-mean messages.
    case notFound(matchedSegments: Int, availableKeys: [String])
}
