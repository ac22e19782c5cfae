import RestmapEngine

/// Runs `body` on a thread with a 1 GiB stack: deeply nested payloads recurse through
/// writers and the mapper, and the main thread's 8 MB must not be what limits them. The
/// stack is reserved address space; only the pages a run touches are ever mapped. Without
/// a thread to be had, `body` runs here.
func runWithLargeStack(_ body: @escaping () -> Void) {
    guard let thread = WorkerThread(stackSize: 1 << 30, body) else {
        body()
        return
    }
    thread.join()
}
