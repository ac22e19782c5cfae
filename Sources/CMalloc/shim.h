// glibc's allocator settings (mallopt), for the restmap executable only (AllocatorTuning).
// <malloc.h> is not part of Swift's Glibc module. Other C libraries have no mallopt: there
// the settings are skipped.
#if defined(__GLIBC__) || (defined(__linux__) && !defined(__APPLE__))
#include <malloc.h>
static inline int restmap_tune_allocator(int top_pad, int mmap_threshold) {
    return mallopt(M_TOP_PAD, top_pad) && mallopt(M_MMAP_THRESHOLD, mmap_threshold);
}
#else
static inline int restmap_tune_allocator(int top_pad, int mmap_threshold) {
    (void)top_pad; (void)mmap_threshold;
    return 0;
}
#endif
