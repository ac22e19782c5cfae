// glibc's allocator settings (mallopt), for the restmap executable only (AllocatorTuning).
// <malloc.h> is not part of Swift's Glibc module. Other C libraries (musl, Darwin's) have no
// mallopt or no such settings: there nothing is changed.
#if defined(__linux__)
#include <malloc.h>
#endif

static inline int restmap_tune_allocator(int top_pad, int mmap_threshold) {
#if defined(__GLIBC__) && defined(M_TOP_PAD) && defined(M_MMAP_THRESHOLD)
    return mallopt(M_TOP_PAD, top_pad) && mallopt(M_MMAP_THRESHOLD, mmap_threshold);
#else
    (void)top_pad;
    (void)mmap_threshold;
    return 0;
#endif
}
