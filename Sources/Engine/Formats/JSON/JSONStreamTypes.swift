/// One top-level value of a JSON stream (a document of its own: one line of NDJSON).
public struct JSONDocument: Sendable {
    public var value: Value
    /// Where the value starts; its line is what per-line diagnostics name.
    var location: SourceLocation
    /// Where each of its values starts, keyed by JSON Pointer; empty unless asked for.
    var locations: PayloadLocations
}

/// One element streamed from the value at a key path.
struct JSONStreamElement: Sendable {
    /// The element's index in the array at the path; nil when the value there is not an array
    /// and this is that one value.
    var index: Int?
    var value: Value
    /// What only some elements carry (locations when asked for, the rest of a fanned-out key
    /// path), out of line and nil when none is set: handing an element from the parser to the
    /// mapping thread then copies two references, not the ten or so of every field's storage.
    private let extras: Extras?

    private final class Extras: Sendable {
        let location: SourceLocation?
        let locations: PayloadLocations
        let remainingKeyPath: [String]

        init(location: SourceLocation?, locations: PayloadLocations, remainingKeyPath: [String]) {
            self.location = location
            self.locations = locations
            self.remainingKeyPath = remainingKeyPath
        }
    }

    init(index: Int?, value: Value, location: SourceLocation?, locations: PayloadLocations?, remainingKeyPath: [String] = []) {
        self.index = index
        self.value = value
        extras = location == nil && (locations?.isEmpty ?? true) && remainingKeyPath.isEmpty
            ? nil : Extras(location: location, locations: locations ?? PayloadLocations(), remainingKeyPath: remainingKeyPath)
    }

    /// Where the element starts; nil unless locations were asked for.
    var location: SourceLocation? { extras?.location }
    /// Where each of its values starts, keyed by JSON Pointer from the document's root
    /// (`/employees_list/3/dept/id`); empty unless asked for.
    var locations: PayloadLocations { extras?.locations ?? PayloadLocations() }
    /// When the key path ran into an array before its end (`teams.members` where `teams` is
    /// an array), this is an element of that array and these are the keys still to apply
    /// to it; empty when the element is at the key path itself.
    var remainingKeyPath: [String] { extras?.remainingKeyPath ?? [] }
}

/// What a document held at the key path that `JSONStreamReader.streamElements` walked.
enum JSONPathOutcome: Sendable, Equatable {
    /// An array: the callback had each of its `count` elements, in order.
    case array(count: Int)
    /// An object or a scalar (null included): the callback had it once, with a nil index.
    case single
    /// The path is absent, or steps into something that is not an object. The root object's
    /// keys in document order (none when the root is not an object), for "did you mean".
    case notFound(rootKeys: [String])
}

/// A key of the streamed path occurred again after elements at the path were handed out. JSON's
/// rule (the last occurrence wins) cannot be honoured in one pass; a caller that must honour it
/// reads the input again with a whole-document parse.
struct JSONPathKeyRepeated: Error, Sendable, CustomStringConvertible {
    /// The path up to and including the repeated key.
    var keyPath: [String]
    /// Where the repeated key is written.
    var location: SourceLocation?

    var description: String {
        let at = location.map { $0.description + ": " } ?? ""
        return at + "the key path '\(keyPath.joined(separator: "."))' occurs twice in the document"
    }
}
