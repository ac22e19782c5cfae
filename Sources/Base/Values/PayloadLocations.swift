/// Where each value of a payload was written, keyed by its JSON Pointer (RFC 6901:
/// `/employees_list/3/dept/id`). Readers fill it only when asked (`validate` needs it to
/// point at the offending value; `map` does not pay for it).
///
/// Pointers repeat their ancestors' keys, so a deeply nested payload with long keys would need
/// memory quadratic in its depth; past `pointerBudget` bytes of pointer text new locations are
/// dropped, and a lookup falls back to the nearest ancestor that has one.
public struct PayloadLocations: Sendable {
    public private(set) var byPointer: [String: SourceLocation] = [:]
    /// Bytes of pointer text kept at most (64 MiB).
    public static let pointerBudget = 64 << 20
    private var pointerBytes = 0

    public init() {}

    /// The location of the value at `pointer`, or of its nearest ancestor that has one (a
    /// value whose own location was dropped for the budget).
    public func nearest(_ pointer: String) -> SourceLocation? {
        if let exact = byPointer[pointer] { return exact }
        var prefix = Substring(pointer)
        while let slash = prefix.lastIndex(of: "/") {
            prefix = prefix[..<slash]
            if let found = byPointer[String(prefix)] { return found }
        }
        return nil
    }

    public subscript(pointer: String) -> SourceLocation? {
        get { byPointer[pointer] }
        set {
            guard let newValue else {
                byPointer[pointer] = nil
                return
            }
            if byPointer[pointer] == nil {
                guard pointerBytes + pointer.utf8.count <= Self.pointerBudget else { return }
                pointerBytes += pointer.utf8.count
            }
            byPointer[pointer] = newValue
        }
    }

    public var isEmpty: Bool { byPointer.isEmpty }

    /// Appends one reference token to a pointer, escaping `~` and `/` as RFC 6901 requires.
    public static func appending(_ token: String, to pointer: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return pointer + "/" + token
        }
        // By scalar, not Character: `~` followed by a combining mark is one Character.
        var escaped = String.UnicodeScalarView()
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": escaped.append(contentsOf: "~0".unicodeScalars)
            case "/": escaped.append(contentsOf: "~1".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return pointer + "/" + String(escaped)
    }

    public static func appending(_ index: Int, to pointer: String) -> String {
        pointer + "/" + String(index)
    }
}
