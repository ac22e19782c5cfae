import RestmapEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Retries work that SQLite refused with SQLITE_BUSY without calling its busy handler: two
/// first runs on a new file (one switching it to WAL while the other reads its header), or
/// a read lock that cannot be upgraded. The busy timeout covers ordinary lock waits; this
/// covers the rest, with short random pauses so that two runs do not retry in step, until
/// the time waited in all — the busy handler's included — reaches `StoreWaiting.timeout`.
/// Safe because the work is a whole transaction that rolled back.
enum SQLiteBusyRetry {
    static func run<T>(_ body: () throws -> T) throws -> T {
        let start = StoreWaiting.now()
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.isBusy && StoreWaiting.now() - start < StoreWaiting.timeout {
                usleep(useconds_t(Int.random(in: 20...120)) * 1000)
            }
        }
    }
}
