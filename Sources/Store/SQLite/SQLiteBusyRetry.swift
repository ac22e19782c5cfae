import RestmapEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Retries work that SQLite refused with SQLITE_BUSY without calling its busy handler: two
/// first runs on a new file (one switching it to WAL while the other reads its header), or
/// a read lock that cannot be upgraded. The busy timeout covers ordinary lock waits; this
/// covers the rest, for as long as the same timeout, with short random pauses so that two
/// runs do not retry in step. Safe because the work is a whole transaction that rolled back.
enum SQLiteBusyRetry {
    static func run<T>(_ body: () throws -> T) throws -> T {
        var waited: Int32 = 0
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.isBusy && waited < SQLiteConnection.busyTimeoutMilliseconds {
                let pause = Int32.random(in: 20...120)
                usleep(useconds_t(pause) * 1000)
                waited += pause
            }
        }
    }
}
