/// Converts payload values to declared attribute types the way RestKit's default value
/// transformers do (SPEC §1.6), except that nothing is guessed: a value the type cannot
/// take fails with a reason instead of becoming 0, and numbers keep their exact text
/// (`Double` is consulted only to range-check doubles and floats).
/// Pure and `Sendable`: one converter per config serves every thread.
struct ValueConverter: Sendable {
    let dateParser: DateParser

    /// `dateFormats`: the config's `date_formats`, tried after the built-in date formats.
    init(dateFormats: [DatePattern] = []) {
        self.dateParser = DateParser(formats: dateFormats)
    }

    /// `value` as `type` holds it: numbers as `.number` (canonical text), booleans as
    /// `.bool`, dates as ISO 8601 UTC `.string`s, URLs, UUIDs and base64 data as `.string`s.
    /// Null stays null; a blank string is null for every type but string, data and
    /// transformable; transformable takes anything unchanged.
    func convert(_ value: Value, to type: AttributeType) -> ConversionResult {
        switch attempt(value, type) {
        case .success(let converted): return .converted(converted)
        case .failure(let reason): return .failed(ConversionFailure(input: value, type: type, reason: reason))
        }
    }

    private func attempt(_ value: Value, _ type: AttributeType) -> Result<Value, ConversionReason> {
        switch value {
        case .null: return .success(.null)
        case _ where type == .transformable: return .success(value)
        case .array: return .failure("expected a single value")
        case .object: return .failure("expected a single value")
        case .string(let text) where type.readsBlankAsNull && ASCIIBytes.trimmedBytes(text).isEmpty:
            return .success(.null)
        default: break
        }
        switch type {
        case .string: return StringConversion.convert(value)
        case .integer16: return IntegerConversion.convert(value, bits: 16)
        case .integer32: return IntegerConversion.convert(value, bits: 32)
        case .integer64: return IntegerConversion.convert(value, bits: 64)
        case .double: return FloatingPointConversion.convert(value, single: false)
        case .float: return FloatingPointConversion.convert(value, single: true)
        case .decimal: return DecimalConversion.convert(value)
        case .boolean: return BooleanConversion.convert(value)
        case .date: return DateConversion.convert(value, parser: dateParser)
        case .url: return URLConversion.convert(value)
        case .uuid: return UUIDConversion.convert(value)
        case .binary: return BinaryConversion.convert(value)
        case .transformable: return .success(value)
        }
    }
}

extension AttributeType {
    /// Types for which an empty (or all-blank) string means "no value": there is no empty
    /// number, date or URL, and RestKit maps `""` to a nil date. Strings keep `""`; data
    /// reads it as zero bytes.
    var readsBlankAsNull: Bool {
        switch self {
        case .string, .binary, .transformable: return false
        default: return true
        }
    }
}
