// Debian builds libxml2 with ICU; its headers then pull in <unicode/ucnv.h>, whose types clash
// with the ICU copy bundled in Foundation. Restmap never touches the ICU-only parts of
// xmlCharEncodingHandler, so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlsave.h>
#include <libxml/entities.h>

// libxml2's generic error callback is variadic, which Swift cannot implement; these two
// helpers install a callback that drops libxml2's own printing (restmap reads every error
// from the parser context and reports it through its diagnostics). libxml2 keeps these
// handlers per thread, so parsers call restmap_silence_libxml2() before each parse.
static void restmap_silent_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static void restmap_silent_structured_error(void *context, xmlErrorPtr error) {
    (void)context;
    (void)error;
}

static inline void restmap_silence_libxml2(void) {
    xmlSetGenericErrorFunc(NULL, restmap_silent_generic_error);
    xmlSetStructuredErrorFunc(NULL, restmap_silent_structured_error);
}
