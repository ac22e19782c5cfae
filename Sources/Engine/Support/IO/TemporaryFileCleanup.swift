#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the named temporary files of `-o` when a catchable signal (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT) ends the process, so that an interrupted run leaves nothing behind
/// (SPEC §5). The signal handler may only make async-signal-safe calls, so the names live in
/// fixed slots of memory allocated up front, and the handler only `unlink`s them and then
/// re-raises the signal with its default action (the exit status still says which signal).
///
/// On Linux the temporary file is unnamed (`O_TMPFILE`) and has a name only for the two
/// system calls that put it in place; elsewhere it has one for the whole run.
public enum TemporaryFileCleanup {
    static let slotCount = 8
    static let slotSize = Int(PATH_MAX) + 1
    nonisolated(unsafe) static let names = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
    nonisolated(unsafe) static let inUse: UnsafeMutablePointer<sig_atomic_t> = {
        let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slotCount)
        flags.initialize(repeating: 0, count: slotCount)
        return flags
    }()
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs the handler for the signals this process does not ignore (a SIGHUP ignored by
    /// `nohup` stays ignored). The CLI calls this once at start.
    public static func installSignalHandlers() {
        _ = names
        _ = inUse
        for signalNumber in signals {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            if isIgnored(current) { continue }
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handleSignal
            #else
            action.__sigaction_u.__sa_handler = handleSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Remembers `path` for removal on a signal; returns its slot (nil when all are taken or
    /// the name is too long, in which case a signal may leave it behind).
    static func register(_ path: String) -> Int? {
        let bytes = FilePath.bytes(of: path)
        guard bytes.count < slotSize else { return nil }
        for slot in 0..<slotCount where inUse[slot] == 0 {
            let base = names + slot * slotSize
            for (offset, byte) in bytes.enumerated() { base[offset] = CChar(bitPattern: byte) }
            base[bytes.count] = 0
            inUse[slot] = 1
            return slot
        }
        return nil
    }

    /// Forgets a slot: its file was renamed into place or removed.
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        inUse[slot] = 0
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #else
        let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #endif
        return handler == 1  // SIG_IGN
    }
}

/// The signal handler: unlinks the registered names, then dies of the signal.
private func handleSignal(_ signalNumber: Int32) {
    for slot in 0..<TemporaryFileCleanup.slotCount where TemporaryFileCleanup.inUse[slot] != 0 {
        unlink(TemporaryFileCleanup.names + slot * TemporaryFileCleanup.slotSize)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
