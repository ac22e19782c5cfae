/// Evaluates config key paths on payload values with key-value-coding semantics, which is
/// what RestKit does with `valueForKeyPath:` (SPEC §1.1):
/// - a key on a dictionary looks it up (absent: no value; JSON null: null);
/// - a non-negative integer segment on an array indexes it;
/// - any other key on an array applies to every element and yields the array of results
///   (an element yielding no value contributes null, as KVC's NSNull does);
/// - `@count`, `@sum.x`, ... on an array are collection operators;
/// - a key on a scalar or null yields no value — except `text` on a string, which yields
///   the string (configs written for RestKit 0.20's XML reader say `name.text`).
enum KeyValueCoding {
    /// The value at `keyPath` in `value`, or nil when there is none.
    static func value(at keyPath: KeyPath, in value: Value) -> Value? {
        evaluate(keyPath.segments[...], value)
    }

    /// Like `value(at:in:)`, also giving the JSON pointer of the result when it is a single
    /// value of the payload (not a fan-out over an array or an operator's result), so that
    /// `validate` can point at it.
    static func locatedValue(at keyPath: KeyPath, in value: Value, pointer: String)
        -> (value: Value, pointer: String?)?
    {
        locatedValue(at: keyPath.segments, in: value, pointer: pointer)
    }

    static func locatedValue(at segments: [KeyPath.Segment], in value: Value, pointer: String)
        -> (value: Value, pointer: String?)?
    {
        var current = value
        var currentPointer: String? = pointer
        var remaining = segments[...]
        while let segment = remaining.first {
            switch (segment, current) {
            case (.key(let name, _), .object(let object)):
                guard let next = object[name] else { return nil }
                current = next
                currentPointer = currentPointer.map { PayloadLocations.appending(name, to: $0) }
                remaining = remaining.dropFirst()
            case (.key(_, let index?), .array(let elements)):
                guard index < elements.count else { return nil }
                current = elements[index]
                currentPointer = currentPointer.map { PayloadLocations.appending(index, to: $0) }
                remaining = remaining.dropFirst()
            default:
                // Fan-outs, operators and the XML `text` step: the value has no single place.
                guard let result = evaluate(remaining, current) else { return nil }
                if case .key("text", _) = segment, case .string = current, remaining.count == 1 {
                    return (result, currentPointer)
                }
                return (result, nil)
            }
        }
        return (current, currentPointer)
    }

    /// `evaluate` for a whole key path, with the common one-key case done without slicing.
    static func evaluate(_ segments: [KeyPath.Segment], _ value: Value) -> Value? {
        if segments.count == 1, case .key(let name, nil) = segments[0], case .object(let object) = value {
            return object[name]
        }
        return evaluate(segments[...], value)
    }

    /// The same, a one-key path looking first where `hint` says (`ReadHints`).
    @inline(__always)
    static func evaluate(_ segments: [KeyPath.Segment], _ value: Value, hint: UnsafeMutablePointer<Int>) -> Value? {
        if segments.count == 1, case .key(let name, nil) = segments[0], case .object(let object) = value {
            return object.value(forKey: name, hint: &hint.pointee)
        }
        return evaluate(segments[...], value)
    }

    static func evaluate(_ segments: ArraySlice<KeyPath.Segment>, _ value: Value) -> Value? {
        var current = value
        var position = segments.startIndex
        while position < segments.endIndex {
            switch segments[position] {
            case .key(let name, let index):
                switch current {
                case .object(let object):
                    guard let next = object[name] else { return nil }
                    current = next
                case .array(let elements):
                    if let index {
                        guard index < elements.count else { return nil }
                        current = elements[index]
                    } else {
                        // Fan out: the rest of the path, this key included, applies to each element.
                        let rest = segments[position...]
                        return .array(elements.map { evaluate(rest, $0) ?? .null })
                    }
                case .string where name == "text":
                    break
                default:
                    return nil
                }
            case .collectionOperator(let op):
                return apply(op, argument: segments[(position + 1)...], to: current)
            }
            position += 1
        }
        return current
    }

    /// Applies a collection operator; `argument` is the key path after it (`@sum.salary`).
    static func apply(_ op: CollectionOperator, argument: ArraySlice<KeyPath.Segment>, to value: Value) -> Value? {
        if op == .count {
            switch value {
            case .array(let elements): return .number(String(elements.count))
            case .object(let object): return .number(String(object.count))
            default: return nil
            }
        }
        guard case .array(let elements) = value else { return nil }
        let items: [Value] = argument.isEmpty ? elements : elements.compactMap { evaluate(argument, $0) }
        switch op {
        case .count:
            return nil
        case .sum, .avg:
            var sum = DecimalText.zero
            var count = 0
            for item in items {
                guard let number = DecimalText(item) else { continue }
                sum = sum + number
                count += 1
            }
            if op == .sum { return .number(sum.text) }
            guard count > 0 else { return .null }
            return .number(sum.divided(by: count).text)
        case .min, .max:
            var best: Value?
            for item in items where item != .null {
                guard let current = best else {
                    best = item
                    continue
                }
                let ordered = ValueOrdering.precedes(item, current)
                if (op == .min && ordered) || (op == .max && ValueOrdering.precedes(current, item)) { best = item }
            }
            return best ?? .null
        case .unionOfObjects:
            return .array(items.filter { $0 != .null })
        case .distinctUnionOfObjects:
            return .array(distinct(items.filter { $0 != .null }))
        case .unionOfArrays, .distinctUnionOfArrays:
            var flattened: [Value] = []
            for item in items {
                if case .array(let inner) = item { flattened.append(contentsOf: inner.filter { $0 != .null }) }
            }
            return .array(op == .unionOfArrays ? flattened : distinct(flattened))
        }
    }

    private static func distinct(_ values: [Value]) -> [Value] {
        var seen = Set<String>()
        var result: [Value] = []
        for value in values where seen.insert(IdentityText.key(for: value) ?? "\(value)").inserted {
            result.append(value)
        }
        return result
    }
}

/// Orders scalars for `@min`/`@max`: numbers numerically, strings by code points, numbers
/// before strings.
enum ValueOrdering {
    static func precedes(_ a: Value, _ b: Value) -> Bool {
        switch (DecimalText(a), DecimalText(b)) {
        case (let x?, let y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil):
            if case .string(let x) = a, case .string(let y) = b { return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) }
            return false
        }
    }
}
