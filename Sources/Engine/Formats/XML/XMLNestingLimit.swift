@preconcurrency internal import CLibXML2

/// How deep XML elements may nest. SPEC §2: `--max-depth` (default 10,000) bounds every
/// payload, and libxml2 bounds XML further: 256 levels by default, 2,048 at most. The reader
/// enforces `min(maxDepth, 2048)` itself, at the element that goes too deep.
///
/// libxml2 2.9.14 lifts its bound (the global `xmlParserMaxDepth`, 256) only through
/// `XML_PARSE_HUGE`, which removes it entirely and also disables the entity-amplification
/// checks. Restmap raises the global to 2,048 instead, once, the first time a reader asks for
/// more than 256: a larger bound for every later libxml2 parse in the process, never a smaller.
enum XMLNestingLimit {
    static let libxml2Default = 256
    static let libxml2Maximum = 2048

    private static let raised: Void = {
        if xmlParserMaxDepth < UInt32(libxml2Maximum) { xmlParserMaxDepth = UInt32(libxml2Maximum) }
    }()

    static func raiseLibXML2Bound() {
        _ = raised
    }

    /// The limit actually enforced for a requested `maxDepth`.
    static func effective(_ maxDepth: Int) -> Int {
        max(1, min(maxDepth, libxml2Maximum))
    }

    /// Whether an error libxml2 raised is its nesting bound: 2.9.14 reports it as an internal
    /// error (`XML_ERR_INTERNAL_ERROR`, from xmlParseElementStart) with more elements open
    /// than `xmlParserMaxDepth`. Recognised by its code and the parser's state, not its text.
    static func isLibXML2Bound(errorCode: Int32, openElements: Int32) -> Bool {
        errorCode == Int32(XML_ERR_INTERNAL_ERROR.rawValue) && UInt32(clamping: openElements) > xmlParserMaxDepth
    }

    static func error(limit: Int, at location: SourceLocation) -> RestmapError {
        RestmapError.data(.xmlTooDeep, "XML elements are nested deeper than \(limit) levels", at: location)
    }
}
