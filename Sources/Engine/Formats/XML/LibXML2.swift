internal import CLibXML2

/// The one libxml2 set-up every restmap parser goes through (XML payloads, XML plist
/// configs, Core Data models): global initialisation once, libxml2's own error printing
/// silenced (nothing reaches stderr but restmap's diagnostics), the parse options, and the
/// SAX fields that keep anything from being fetched.
///
/// The options (verified against libxml2 2.9.14):
/// - `XML_PARSE_NONET`, and never `XML_PARSE_NOENT`, `DTDLOAD`, `DTDATTR`, `DTDVALID` or
///   `XINCLUDE`: libxml2 then loads no external DTD, no external parameter entity and no
///   external general entity. A reference to an internal entity is expanded by libxml2,
///   which replays the entity's text through the same callbacks after checking it for loops
///   and exponential growth; a reader that accepts such text counts it against a budget
///   (`XMLEntityBudget`), and the config reader refuses entity declarations outright.
/// - Never `XML_PARSE_HUGE`: in 2.9.14 it removes the nesting bound altogether and switches
///   off the entity-amplification checks, so that a billion-laughs bomb in an attribute value
///   hangs inside libxml2. Deeper nesting comes from raising `xmlParserMaxDepth` instead
///   (`XMLNestingLimit`).
/// - `XML_PARSE_NOERROR`, `XML_PARSE_NOWARNING`: errors arrive through the handler's
///   `serror` only.
/// CDATA sections come through as text (`cdataBlock`), which every reader treats as text.
enum LibXML2 {
    private static let initialized: Void = {
        xmlInitParser()
    }()

    /// The options of every parse.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Call before every parse: libxml2 keeps its error handlers per thread.
    static func prepare() {
        _ = initialized
        restmap_silence_libxml2()
    }

    /// Applies `options` to a parser context made by a reader (for readers that parse with
    /// `xmlParseDocument`; `xmlCtxtReadMemory` takes `options` as its argument).
    static func configure(_ context: xmlParserCtxtPtr) {
        _ = xmlCtxtUseOptions(context, options)
    }

    /// Sets the SAX fields that decide what may be fetched, the same for every reader: no
    /// external entity or DTD is resolved (an external entity contributes nothing) and no
    /// external subset is read. The readers set their element, text and error callbacks.
    static func closeExternalAccess(_ handler: inout xmlSAXHandler) {
        handler.resolveEntity = { _, _, _ in nil }
        handler.externalSubset = { _, _, _, _ in }
    }
}
