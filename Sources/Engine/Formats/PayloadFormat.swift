/// The format of a payload (`--input-format`): `auto` sniffs it from the first bytes.
public enum PayloadFormat: String, Sendable, CaseIterable {
    case auto, json, ndjson, xml
}
