/// The caps every reader applies, in one place (SPEC §5: every reader has a size cap). The
/// CLI's option defaults and help texts read them from here.
public enum InputLimits {
    /// Nesting deeper than this is an error in JSON payloads (`--max-depth`); XML is capped
    /// by libxml2 at 2,048 levels in any case.
    public static let defaultMaxDepth = 10_000
    /// A config document (plist or JSON): larger is not a mapping config.
    public static let configBytes = 16 << 20
    /// Values in a binary-plist config once its shared references are expanded into a tree
    /// (a shared-reference bomb is a few hundred bytes that would expand to 2^64 values). A
    /// hand-written config holds thousands.
    static let binaryPlistExpandedValues = 1_000_000
    /// Attributes (namespace declarations included) on one XML element: libxml2 2.9 checks
    /// each against all earlier ones, so the time is quadratic in their number.
    static let xmlAttributesPerElement = 10_000
    /// A validation manifest.
    static let manifestBytes = 16 << 20
    /// One `validate` sample, which is read whole to locate its findings.
    public static let sampleBytes = 32 << 20
    /// How far past a malformed NDJSON line the reader looks for the next line break before
    /// it gives up on the input.
    static let skippedLineBytes = 64 << 20
    /// The client objects `restmap request` reads (whole, to locate its errors).
    static let requestBytes = 64 << 20
    /// A Core Data model's `contents` file.
    static let modelBytes = 64 << 20
}
