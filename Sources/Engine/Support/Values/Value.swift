/// A payload or config value as restmap sees it: JSON's data model, with numbers kept as the
/// exact text they were written with so that mapping never loses precision
/// (`12345678901234567890` and `0.1` come out as they went in).
public enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as its literal text (`-1.50e3`). Converted only when a type asks for it.
    case number(String)
    case string(String)
    case array([Value])
    case object(ValueObject)

    /// The value at `key` when this is an object.
    subscript(key: String) -> Value? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// A short name of the value's kind, for messages ("expected a dictionary, found a string").
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// True for strings, numbers, booleans and null.
    public var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}

/// A JSON object: keys in the order the payload wrote them. A duplicate key replaces the
/// earlier value in place (RFC 8259 leaves it open; restmap documents "the last wins").
/// Lookups scan linearly, which beats hashing for the ten-or-so keys API objects carry;
/// large objects get a hash index.
public struct ValueObject: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: Value
        init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var entries: [Entry]
    var index: [String: Int]?

    static let indexThreshold = 24

    public init() {
        entries = []
        index = nil
    }

    init(minimumCapacity: Int) {
        entries = []
        entries.reserveCapacity(minimumCapacity)
        index = nil
    }

    /// Builds an object from pairs; later duplicates replace earlier ones.
    public init(_ pairs: [(String, Value)]) {
        self.init(minimumCapacity: pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }

    func position(of key: String) -> Int? {
        if let index { return index[key] }
        for i in entries.indices where entries[i].key == key { return i }
        return nil
    }

    /// The value at `key`, looking first at position `hint` (where the key was in a similar
    /// object), which is updated to where the key was found.
    func value(forKey key: String, hint: inout Int) -> Value? {
        let guess = hint
        // (One unsigned comparison keeps any hint, even a negative one, inside the entries.)
        if index == nil && UInt(bitPattern: guess) < UInt(entries.count) && entries[guess].key == key { return entries[guess].value }
        guard let found = position(of: key) else { return nil }
        hint = found
        return entries[found].value
    }

    public subscript(key: String) -> Value? {
        get {
            guard let i = position(of: key) else { return nil }
            return entries[i].value
        }
        set {
            if let i = position(of: key) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    entries.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                append(key: key, value: newValue)
            }
        }
    }

    /// An object of `count` entries moved out of `keys` and `values`, which the caller has
    /// checked hold no duplicate key: the JSON builder's path, which saves the per-entry
    /// checks of `appendUnchecked`.
    init(movingUniqueKeys keys: UnsafeMutablePointer<String>, values: UnsafeMutablePointer<Value>, count: Int) {
        entries = []
        entries.reserveCapacity(count)
        for i in 0..<count {
            entries.append(Entry(key: (keys + i).move(), value: (values + i).move()))
        }
        index = nil
        if count > Self.indexThreshold { rebuildIndex() }
    }

    /// An object of entries the caller has checked hold no duplicate key, taken as they are
    /// (the XML assembler's path: one array built in place, no per-entry checks).
    init(uniqueEntries: [Entry]) {
        entries = uniqueEntries
        index = nil
        if entries.count > Self.indexThreshold { rebuildIndex() }
    }

    /// Appends without looking for a duplicate; callers that know the key is new use this.
    mutating func appendUnchecked(key: String, value: Value) {
        append(key: key, value: value)
    }

    mutating func append(key: String, value: Value) {
        entries.append(Entry(key: key, value: value))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else {
            index = nil
            return
        }
        var fresh = [String: Int](minimumCapacity: entries.count)
        for (i, entry) in entries.enumerated() { fresh[entry.key] = i }
        index = fresh
    }

    public static func == (lhs: ValueObject, rhs: ValueObject) -> Bool {
        lhs.entries == rhs.entries
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(ValueObject(elements))
    }
}
