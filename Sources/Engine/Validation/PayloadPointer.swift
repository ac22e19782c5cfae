/// JSON Pointer (RFC 6901) helpers for `validate`: resolving a pointer in a payload,
/// its ancestors, its shape (array indexes as `*`), and the places a config key path reads.
enum PayloadPointer {
    /// The reference tokens of `pointer`, unescaped (`~1` → `/`, `~0` → `~`).
    static func tokens(_ pointer: String) -> [String] {
        guard !pointer.isEmpty else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            guard token.contains("~") else { return String(token) }
            var out = ""
            var escaping = false
            for character in token {
                if escaping {
                    out.append(character == "1" ? "/" : character == "0" ? "~" : character)
                    escaping = false
                } else if character == "~" {
                    escaping = true
                } else {
                    out.append(character)
                }
            }
            return out
        }
    }

    /// The value at `pointer` in `root`, or nil when the pointer leads nowhere.
    static func value(at pointer: String, in root: Value) -> Value? {
        var current = root
        for token in tokens(pointer) {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = KeyPath.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Calls `body` with the proper ancestors of `pointer`, nearest first (`/a/0`, `/a`, `""`),
    /// until it returns false.
    static func forEachAncestor(of pointer: String, _ body: (String) -> Bool) {
        guard !pointer.isEmpty else { return }
        var end = pointer.endIndex
        while let slash = pointer[..<end].lastIndex(of: "/") {
            if !body(String(pointer[..<slash])) { return }
            end = slash
        }
    }

    /// The parent of a non-root pointer and its last reference token, still escaped.
    static func split(_ pointer: String) -> (parent: String, token: Substring)? {
        guard let slash = pointer.lastIndex(of: "/") else { return nil }
        return (String(pointer[..<slash]), pointer[pointer.index(after: slash)...])
    }

    /// The pointer with every array index replaced by `*`: the place in the payload's shape
    /// that all elements of an array share (`/employees_list/*/dept/id`). A numeric object key
    /// is folded too, which only makes folding of findings coarser.
    static func shape(_ pointer: String) -> String {
        guard pointer.utf8.contains(where: { $0 >= 48 && $0 <= 57 }) else { return pointer }
        var out = ""
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            out += "/"
            out += KeyPath.arrayIndex(String(token)) != nil ? "*" : String(token)
        }
        return out
    }

    /// A shape as people read key paths: `employees_list.*.dept.id` (the root is `(root)`).
    static func displayPath(_ pointer: String) -> String {
        let parts = tokens(shape(pointer))
        return parts.isEmpty ? "(root)" : parts.joined(separator: ".")
    }

    /// Every place of `value` (at `pointer`) that reading `keyPath` looks at, the way
    /// key-value coding walks it (SPEC §1.1): each element of a fan-out, the array under a
    /// collection operator, the string under an XML `text` step.
    static func placesRead(
        by segments: ArraySlice<KeyPath.Segment>, in value: Value, at pointer: String, into places: inout [String]
    ) {
        guard let segment = segments.first else {
            places.append(pointer)
            return
        }
        switch (segment, value) {
        case (.key(let name, _), .object(let object)):
            guard let next = object[name] else { return }
            placesRead(
                by: segments.dropFirst(), in: next, at: PayloadLocations.appending(name, to: pointer), into: &places)
        case (.key(_, let index?), .array(let elements)):
            guard index < elements.count else { return }
            placesRead(
                by: segments.dropFirst(), in: elements[index], at: PayloadLocations.appending(index, to: pointer),
                into: &places)
        case (.key, .array(let elements)):
            for (index, element) in elements.enumerated() {
                placesRead(by: segments, in: element, at: PayloadLocations.appending(index, to: pointer), into: &places)
            }
        case (.key("text", _), .string):
            places.append(pointer)
        case (.collectionOperator, _):
            places.append(pointer)
        default:
            return
        }
    }
}
