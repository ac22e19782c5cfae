import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run's load into a store, fed while the run maps (`map --store` printing no records):
/// `write` takes each batch of mapped objects as it comes, `commit` ends the run's one
/// transaction, `abandon` rolls it back (a failed run stores nothing). A batch's objects
/// may repeat objects of earlier batches: the store merges them by primary key, as the run's
/// identity map would have.
public protocol StoreLoad: AnyObject {
    func write(_ batch: ObjectGraph) throws
    @discardableResult func commit() throws -> ObjectStore.Summary
    func abandon()
}

/// A load that lost a conflict with a concurrent writer (a serialization failure or a
/// deadlock): its transaction was rolled back, and the same load may be run again from the
/// start. `failure` says what happened, for when it is not.
public struct StoreConflict: Error {
    public let failure: Error

    /// How many times in all a conflicted load is run before its failure stands.
    static let maximumAttempts = 50

    /// A growing, jittered pause before attempt `attempt` (1 for the first retry), so that
    /// two writers that conflicted do not meet again in step.
    static func pause(before attempt: Int) {
        let ceiling = min(1 << min(attempt, 10), 500)  // milliseconds
        usleep(UInt32.random(in: 1...UInt32(ceiling)) * 1000)
    }

    /// Runs `body` (given its attempt number, from 1) again after each `StoreConflict` it
    /// throws, with a pause between, up to `maximumAttempts` in all; then the last
    /// conflict's failure is thrown.
    public static func retrying<T>(_ body: (_ attempt: Int) throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try body(attempt)
            } catch let conflict as StoreConflict {
                guard attempt < maximumAttempts else { throw conflict.failure }
                pause(before: attempt)
                attempt += 1
            }
        }
    }
}
