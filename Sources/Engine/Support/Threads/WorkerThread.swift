#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a thread of its own, joined by `join` (or when dropped): the XML parse
/// thread, the JSON parser threads and the tree-output threads all start this way.
public final class WorkerThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    #if canImport(Glibc)
    private var thread = pthread_t()
    #else
    private var thread: pthread_t?
    #endif
    private var joined = false

    /// Nil when no thread could be made (the caller then does the work itself).
    public init?(stackSize: Int = 16 << 20, _ body: @escaping () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let created = pthread_create(&thread, &attributes, { raw in
            #if canImport(Glibc)
            let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
            #else
            let work = Unmanaged<Work>.fromOpaque(raw).takeRetainedValue()
            #endif
            work.body()
            return nil
        }, work)
        guard created == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return nil
        }
    }

    public func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        pthread_join(thread!, nil)
        #endif
    }

    deinit {
        join()
    }
}
