import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--threads N`, for the commands that read payloads (`map`, `validate`): how many threads a
/// run may use. Above 1, a JSON or XML input is parsed on a thread of its own while the
/// caller maps, and tree output is encoded on N threads; 1 runs everything on the caller's
/// thread. The output is the same bytes whatever N is.
struct ThreadsOption: ParsableArguments {
    /// Optional so that help and man pages say "the cores available", not this machine's count.
    @Option(name: .customLong("threads"), help: ArgumentHelp("Threads to use; 1 runs everything on one (default: the cores available).", valueName: "n"))
    var requested: Int?

    /// The threads a run uses.
    var threads: Int { requested ?? Self.coresAvailable }

    func validate() throws {
        if let requested, requested < 1 { throw ValidationError("--threads must be at least 1") }
    }

    /// The cores online (sysconf). A CPU affinity narrower than that (taskset, a cpuset) is
    /// not seen: pass `--threads` there.
    static var coresAvailable: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
