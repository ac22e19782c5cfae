import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long a run waits for a store another process holds (`--busy-timeout`, 60 s by
/// default): SQLite's busy handler and the retries around it, and PostgreSQL's lock waits
/// (`lock_timeout`), all give up after it, with exit 2 and the store unchanged.
public enum StoreWaiting {
    private static let setting = Mutex(60.0)

    /// The bound, in seconds (at least a millisecond).
    public static var timeout: Double {
        get { setting.withLock { $0 } }
        set { setting.withLock { $0 = max(newValue, 0.001) } }
    }

    static var milliseconds: Int32 { Int32(clamping: Int((timeout * 1000).rounded(.up))) }

    /// `12 s`, `0.5 s`: the bound as messages name it.
    static var description: String {
        let value = timeout
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Monotonic seconds, for measuring a wait.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
