import ArgumentParser

/// `--busy-timeout SECONDS`, for the commands that open a store: how long to wait for a store
/// another run holds (a SQLite write lock, a PostgreSQL row or table lock) before giving up
/// with exit 2 and the store unchanged.
struct BusyTimeoutOption: ParsableArguments {
    @Option(name: .customLong("busy-timeout"), help: ArgumentHelp("Seconds to wait for a store another run holds before giving up.", valueName: "seconds"))
    var seconds: Double = 60

    func validate() throws {
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--busy-timeout must be a number of seconds above 0") }
    }
}
