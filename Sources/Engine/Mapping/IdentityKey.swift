/// An identity key's text (`IdentityText`), with the integer it spells when it is a plain
/// decimal one: read once where the key is made, rather than again by each lookup and insert
/// of the identity map (a new object was looked up, then inserted: its id read three times).
struct IdentityKey {
    let text: String
    /// `IdentityKeyHash.integerValue(text)`: where `IdentityTable` places the key.
    let integer: Int64?

    init(text: String) {
        self.init(text: text, integer: IdentityKeyHash.integerValue(text))
    }

    private init(text: String, integer: Int64?) {
        self.text = text
        self.integer = integer
    }

    /// The key of a value of an Integer 64 primary key (`EntityPlan.hasInteger64Key`) that is
    /// a number, or a string, already in canonical decimal form of at most 18 digits (most
    /// ids), with the value the conversion gives it (the number with those digits): its digits
    /// are read once, here, instead of by the conversion and again by the key. Nil in every
    /// other case, which goes through the conversion.
    static func integer64(_ value: borrowing Value) -> (key: IdentityKey, converted: Value)? {
        switch value {
        case .number(let text), .string(let text):
            guard let integer = IdentityText.canonicalInteger(text) else { return nil }
            return (IdentityKey(text: text, integer: integer), .number(text))
        default:
            return nil
        }
    }

    /// The key of a primary-key value, nil for null, arrays and objects. A number or string
    /// that is already a canonical integer (most ids) is its own key, read in one pass.
    init?(_ value: Value) {
        switch value {
        case .number(let text), .string(let text):
            if let integer = IdentityText.canonicalInteger(text) {
                self.init(text: text, integer: integer)
                return
            }
        default:
            break
        }
        guard let text = IdentityText.key(for: value) else { return nil }
        self.init(text: text)
    }
}
