import RestmapEngine
internal import CLibPQ

/// A PostgreSQL connection through libpq (synchronous: a CLI needs no event loop). The
/// connection string is any libpq URI (`postgresql://user@host:port/db?sslmode=…`); what it
/// leaves out comes from the `PG*` environment variables and `~/.pgpass`, as with `psql`,
/// so no password need appear on a command line.
final class PostgreSQLConnection: StoreConnection {
    let dialect: StoreDialect = PostgreSQLDialect()
    private let handle: OpaquePointer
    private var statementCount = 0
    /// Prepared statements no longer used, to be dropped on the server: a long load prepares
    /// a few each batch, and the server would keep every one until the session ends.
    let retiredStatements = RetiredStatements()
    /// False once dropping them failed (a pooler that renames prepared statements answers
    /// that they do not exist): the connection then leaves them to the session's end.
    private var dropsStatements = true
    /// libpq's functions (loaded with the first connection, see `LibPQ`).
    let pq: LibPQ

    init(url: String) throws {
        let pq = try LibPQ.shared()
        self.pq = pq
        guard let connection = pq.connectdb(url) else { throw PostgreSQLError(state: "", message: "out of memory") }
        guard pq.status(connection) == CONNECTION_OK else {
            let message = Self.text(pq.errorMessage(connection))
            pq.finish(connection)
            throw PostgreSQLError(state: PostgreSQLError.unreachable, libpqText: message)
        }
        handle = connection
        // Notices ("relation … already exists, skipping") are libpq's to print on stderr;
        // the store reports through restmap's diagnostics only.
        _ = pq.setNoticeProcessor(connection, { _, _ in }, nil)
        // A lock another writer holds is waited for at most the store's busy timeout.
        try execute("SET lock_timeout = \(StoreWaiting.milliseconds)")
    }

    deinit { pq.finish(handle) }

    func execute(_ sql: String) throws {
        let result = pq.exec(handle, sql)
        defer { pq.clear(result) }
        try check(result)
    }

    func prepare(_ sql: String) throws -> StoreStatement {
        if retiredStatements.names.count >= RetiredStatements.dropAt { try dropRetiredStatements() }
        statementCount += 1
        let name = "restmap_\(statementCount)"
        let prepared = pq.prepare(handle, name, sql, 0, nil)
        defer { pq.clear(prepared) }
        try check(prepared)
        // The parameters' types decide how values are sent (jsonb, bytea, or plain text).
        let described = pq.describePrepared(handle, name)
        defer { pq.clear(described) }
        try check(described)
        let types = (0..<pq.nparams(described)).map { pq.paramtype(described, $0) }
        return PostgreSQLStatement(name: name, parameterTypes: types, connection: self, retired: retiredStatements)
    }

    /// Drops the retired statements in one round trip, as a courtesy that must never fail the
    /// work around it: inside a transaction under a savepoint, so that a failure leaves the
    /// transaction as it was; in a failed transaction not at all (they wait for the next time).
    /// Throws only when the savepoint itself could not be made, which leaves the transaction
    /// failed: its next statement would otherwise report that without the reason.
    private func dropRetiredStatements() throws {
        guard dropsStatements else {
            retiredStatements.names.removeAll()
            return
        }
        let drops = retiredStatements.names.map { "DEALLOCATE \($0)" }.joined(separator: "; ")
        switch pq.transactionStatus(handle) {
        case PQTRANS_IDLE:
            if (try? execute(drops)) == nil { dropsStatements = false }
        case PQTRANS_INTRANS:
            do {
                try execute("SAVEPOINT restmap_deallocate; \(drops); RELEASE SAVEPOINT restmap_deallocate")
            } catch {
                dropsStatements = false
                try? execute("ROLLBACK TO SAVEPOINT restmap_deallocate; RELEASE SAVEPOINT restmap_deallocate")
                if pq.transactionStatus(handle) == PQTRANS_INERROR { throw error }
            }
        default:
            return
        }
        retiredStatements.names.removeAll()
    }

    /// Runs a prepared statement; the caller owns (and clears) the result.
    func run(_ name: String, parameters: PostgreSQLParameters) throws -> OpaquePointer? {
        let result = parameters.withPointers { values, lengths, formats in
            pq.execPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
        }
        do {
            try check(result)
        } catch {
            pq.clear(result)
            throw error
        }
        return result
    }

    /// Runs SQL and returns how many rows it affected (`PQcmdTuples`).
    func executeCounting(_ sql: String) throws -> Int {
        let result = pq.exec(handle, sql)
        defer { pq.clear(result) }
        try check(result)
        return Int(Self.text(pq.cmdTuples(result))) ?? 0
    }

    /// `COPY … FROM STDIN` of `data` (COPY's text format, PostgreSQLCopyRows).
    func copy(_ sql: String, data: [UInt8]) throws {
        try beginCopy(sql)
        try putCopyData(data)
        try endCopy()
    }

    /// Starts `COPY … FROM STDIN`; rows follow with `putCopyData`, then `endCopy`. The server
    /// parses each chunk while the next is being encoded.
    func beginCopy(_ sql: String) throws {
        let started = pq.exec(handle, sql)
        let status = pq.resultStatus(started)
        defer { pq.clear(started) }
        guard status == PGRES_COPY_IN else {
            try check(started)
            throw PostgreSQLError(state: "", libpqText: Self.text(pq.errorMessage(handle)))
        }
    }

    func putCopyData(_ data: [UInt8]) throws {
        var offset = 0
        // Chunks of 1 MiB: PQputCopyData takes an Int32 length.
        while offset < data.count {
            let end = min(offset + (1 << 20), data.count)
            let sent = data[offset..<end].withUnsafeBytes { raw in
                pq.putCopyData(handle, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(end - offset))
            }
            // -1: the connection failed; endCopy reports the server's error.
            if sent != 1 { return }
            offset = end
        }
    }

    /// Ends the COPY and reports its outcome (a constraint violation surfaces here).
    func endCopy() throws {
        _ = pq.putCopyEnd(handle, nil)
        var failure: Error?
        while let result = pq.getResult(handle) {
            if failure == nil {
                do { try check(result) } catch { failure = error }
            }
            pq.clear(result)
        }
        if let failure { throw failure }
    }

    func beginWrite() throws { try execute("BEGIN") }

    /// COMMIT of a transaction an error aborted answers ROLLBACK, not an error: that is one.
    func commit() throws {
        let result = pq.exec(handle, "COMMIT")
        defer { pq.clear(result) }
        do {
            try check(result)
        } catch var error as PostgreSQLError where error.isConnectionFailure {
            // The COMMIT may or may not have reached the server before the connection broke.
            error.state = PostgreSQLError.resolutionUnknown
            throw error
        }
        if Self.text(pq.cmdStatus(result)) == "ROLLBACK" {
            throw PostgreSQLError(state: "40000", message: "the transaction was rolled back by the server")
        }
    }

    func rollback() {
        if pq.transactionStatus(handle) != PQTRANS_IDLE { pq.clear(pq.exec(handle, "ROLLBACK")) }
    }

    /// Throws the server's error (with its SQLSTATE) unless `result` succeeded.
    private func check(_ result: OpaquePointer?) throws {
        let status = pq.resultStatus(result)
        if result != nil && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY) { return }
        if pq.status(handle) != CONNECTION_OK {
            throw PostgreSQLError(state: PostgreSQLError.connectionLost, libpqText: Self.text(pq.errorMessage(handle)))
        }
        guard let result else { throw PostgreSQLError(state: "", libpqText: Self.text(pq.errorMessage(handle))) }
        func field(_ code: Character) -> String { Self.text(pq.resultErrorField(result, Int32(code.asciiValue!))) }
        let message = field("M")
        guard !message.isEmpty else { throw PostgreSQLError(state: field("C"), libpqText: Self.text(pq.errorMessage(handle))) }
        // DETAIL and HINT become notes; CONTEXT is never shown: in a COPY it quotes the
        // payload row being sent.
        throw PostgreSQLError(state: field("C"), message: message, notes: [field("D"), field("H")].filter { !$0.isEmpty })
    }

    static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        text(UnsafePointer(pointer))
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        var text = String(cString: pointer)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return text
    }
}

/// The names of a connection's prepared statements that were let go, gathered until the
/// connection drops them together. A statement adds its own name as it goes: it may outlive
/// the connection, so it holds this list rather than the connection.
final class RetiredStatements {
    /// How many gather before they are dropped.
    static let dropAt = 32
    var names: [String] = []
}
