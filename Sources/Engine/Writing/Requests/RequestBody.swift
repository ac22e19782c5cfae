/// A request body as a RestKit app would build it from client objects (SPEC §3.2): the
/// mapped parameters (one dictionary, or an array of them for an array input), wrapped in
/// `{ root_keypath: … }` when the request mapping has a root key path.
///
/// Kept apart from its wrapping so that XML, which needs a root element, can name it after
/// the root key path or, without one, after the class.
struct RequestBody: Sendable, Equatable {
    /// `root_keypath`: a literal key (RestKit wraps with `dictionaryWithObject:forKey:`,
    /// so a dot in it does not nest).
    var rootKeyPath: String?
    /// The request mapping's `class_name`: the XML root element when there is no root key path.
    var className: String
    /// The mapped parameters: a dictionary, or an array of dictionaries.
    var content: Value

    init(rootKeyPath: String?, className: String, content: Value) {
        self.rootKeyPath = rootKeyPath
        self.className = className
        self.content = content
    }

    /// The body as JSON, form and plist encode it: `{ root_keypath: content }` or `content`.
    var value: Value {
        guard let rootKeyPath else { return content }
        return .object(ValueObject([(rootKeyPath, content)]))
    }

    /// The XML document's root element (before an array's wrapper): the root key path, else
    /// the class name.
    var elementName: String { rootKeyPath ?? className }
}

/// `restmap request --format`: how the body is written.
public enum RequestBodyFormat: String, Sendable, CaseIterable {
    /// JSON (pretty, or compact), as RestKit's JSON serialization sends it.
    case json
    /// `application/x-www-form-urlencoded` as RestKit's URL-encoded serialization sends it.
    case form
    /// XML: one element per body key (restmap's extension; RestKit has no XML writer).
    case xml
    /// An XML property list; nulls are left out, as plists have none.
    case plist
}
