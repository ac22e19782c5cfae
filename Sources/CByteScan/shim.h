// Sixteen-byte searches for the JSON scanner and writer and the XML pre-scan, with the SSE2
// instructions every x86-64 processor has (Swift's SIMD types cannot yet produce a byte mask
// without a loop over the lanes). Each returns a mask whose bit k stands for the byte at
// p + k; sixteen bytes from p must be readable. Elsewhere RESTMAP_BYTE_SCAN_16 is 0 and the
// callers scan by words.
#if defined(__SSE2__)
#include <emmintrin.h>
#define RESTMAP_BYTE_SCAN_16 1

/// The bytes a JSON string scan stops at: '"', '\\', control characters and the bytes of
/// multi-byte characters (a signed comparison with 0x20 catches both of the last two).
static inline unsigned restmap_json_string_stops16(const unsigned char *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    __m128i below = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), below));
}

/// The bytes a JSON writer must escape: '"', '\\' and control characters.
static inline unsigned restmap_json_escapes16(const unsigned char *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control));
}

/// The bytes equal to `byte`.
static inline unsigned restmap_bytes_equal16(const unsigned char *p, unsigned char byte) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)byte)));
}

/// The bytes an XML start tag's attribute count turns on: '>', '=', '"' and '\''.
static inline unsigned restmap_xml_tag_bytes16(const unsigned char *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i close = _mm_cmpeq_epi8(v, _mm_set1_epi8('>'));
    __m128i equals = _mm_cmpeq_epi8(v, _mm_set1_epi8('='));
    __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i apostrophe = _mm_cmpeq_epi8(v, _mm_set1_epi8('\''));
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(close, equals), _mm_or_si128(quote, apostrophe)));
}
#else
#define RESTMAP_BYTE_SCAN_16 0
static inline unsigned restmap_json_string_stops16(const unsigned char *p) { (void)p; return 0; }
static inline unsigned restmap_json_escapes16(const unsigned char *p) { (void)p; return 0; }
static inline unsigned restmap_bytes_equal16(const unsigned char *p, unsigned char byte) { (void)p; (void)byte; return 0; }
static inline unsigned restmap_xml_tag_bytes16(const unsigned char *p) { (void)p; return 0; }
#endif
