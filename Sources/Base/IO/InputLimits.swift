/// The caps every reader applies, in one place (SPEC §5: every reader has a size cap). The
/// CLI's option defaults and help texts read them from here.
public enum InputLimits {
    /// Nesting deeper than this is an error in JSON payloads (`--max-depth`); XML is capped
    /// by libxml2 at 2,048 levels in any case.
    public static let defaultMaxDepth = 10_000
    /// A config document (plist or JSON): larger is not a mapping config.
    public static let configBytes = 16 << 20
    /// A validation manifest.
    public static let manifestBytes = 16 << 20
    /// One `validate` sample, which is read whole to locate its findings.
    public static let sampleBytes = 32 << 20
    /// A Core Data model's `contents` file.
    public static let modelBytes = 64 << 20
}
