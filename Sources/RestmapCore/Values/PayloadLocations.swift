/// Where each value of a payload was written, keyed by its JSON Pointer (RFC 6901:
/// `/employees_list/3/dept/id`). Readers fill it only when asked (`validate` needs it to
/// point at the offending value; `map` does not pay for it).
public struct PayloadLocations: Sendable {
    public private(set) var byPointer: [String: SourceLocation] = [:]

    public init() {}

    public subscript(pointer: String) -> SourceLocation? {
        get { byPointer[pointer] }
        set { byPointer[pointer] = newValue }
    }

    public var isEmpty: Bool { byPointer.isEmpty }

    /// Appends one reference token to a pointer, escaping `~` and `/` as RFC 6901 requires.
    public static func appending(_ token: String, to pointer: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return pointer + "/" + token
        }
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return pointer + "/" + escaped
    }

    public static func appending(_ index: Int, to pointer: String) -> String {
        pointer + "/" + String(index)
    }
}
