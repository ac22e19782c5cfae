#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a thread with a 1 GiB stack: deeply nested payloads recurse through
/// writers and the mapper, and the main thread's 8 MB must not be what limits them. The
/// stack is reserved address space; only the pages a run touches are ever mapped.
func runWithLargeStack(_ body: @escaping () -> Void) {
    final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 1 << 30)
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t? = nil
    #endif
    let created = pthread_create(&thread, &attributes, { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    pthread_attr_destroy(&attributes)
    if created != 0 {
        Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        return
    }
    #if canImport(Glibc)
    pthread_join(thread, nil)
    #else
    pthread_join(thread!, nil)
    #endif
}
