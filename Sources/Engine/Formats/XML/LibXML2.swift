internal import CLibXML2

/// libxml2 set-up shared by every parser that uses it (config plists, XML payloads, Core
/// Data models): global initialisation once, and silencing of libxml2's own error printing
/// so that nothing reaches stderr except through restmap's diagnostics.
enum LibXML2 {
    private static let initialized: Void = {
        xmlInitParser()
    }()

    /// Call before every parse: libxml2 keeps its error handlers per thread.
    static func prepare() {
        _ = initialized
        restmap_silence_libxml2()
    }
}
