internal import CMalloc

/// How the process asks glibc's allocator for memory: a setting of the process, so the CLI
/// makes it, before any work.
///
/// A `map` run allocates most of what it maps and keeps it to the end (the identity map and
/// the tree output hold every object), a few hundred thousand small blocks a second. With
/// glibc's defaults the heap grows by a little at a time, each step a system call, and
/// arrays above 128 KiB (the list of roots, output slices) are mapped and unmapped one by one
/// as they grow; the kernel's share of a run was 20–25% of its wall time. Growing the heap
/// 64 MiB ahead of need (`M_TOP_PAD`: address space that costs no memory until it is
/// touched) and keeping blocks up to 32 MiB in the heap (`M_MMAP_THRESHOLD`) took the 100 MB
/// XML tree from 0.51 s to 0.44 s and the JSON tree from 0.37 s to 0.35 s on the
/// development VM (median of 5), for 2–8 MiB more peak RSS. Without glibc nothing changes.
enum AllocatorTuning {
    static func apply() {
        _ = restmap_tune_allocator(64 << 20, 32 << 20)
    }
}
