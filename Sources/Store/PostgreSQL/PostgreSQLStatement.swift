internal import CLibPQ
import RestmapEngine

/// A prepared statement on the server. `bind` keeps the values; the first `step` runs the
/// statement and fetches its rows (the store's results are small: row ids, one entity's
/// rows for `dump`); `reset` drops them.
final class PostgreSQLStatement: StoreStatement {
    private let name: String
    private let parameterTypes: [UInt32]
    private unowned let connection: PostgreSQLConnection
    /// The connection's libpq functions, kept here: each call through the unowned
    /// connection would check that it is still alive.
    private let pq: LibPQ
    private let retired: RetiredStatements
    private var parameters = PostgreSQLParameters()
    private var result: OpaquePointer?
    private var row = -1
    private var rowCount = 0

    init(name: String, parameterTypes: [UInt32], connection: PostgreSQLConnection, retired: RetiredStatements) {
        self.name = name
        self.parameterTypes = parameterTypes
        self.connection = connection
        self.pq = connection.pq
        self.retired = retired
    }

    deinit {
        pq.clear(result)
        retired.names.append(name)
    }

    func bind(_ values: [StoreValue]) throws {
        reset()
        parameters = PostgreSQLParameters()
        for (index, value) in values.enumerated() {
            try parameters.append(value, as: index < parameterTypes.count ? parameterTypes[index] : 0)
        }
    }

    func step() throws -> Bool {
        if result == nil {
            result = try connection.run(name, parameters: parameters)
            rowCount = Int(pq.ntuples(result))
            row = -1
        }
        row += 1
        return row < rowCount
    }

    var columnCount: Int { result.map { Int(pq.nfields($0)) } ?? 0 }

    func column(_ index: Int) -> StoreValue {
        let column = Int32(index)
        guard let result, row < rowCount, pq.getisnull(result, Int32(row), column) == 0,
            let bytes = pq.getvalue(result, Int32(row), column)
        else { return .null }
        let count = Int(pq.getlength(result, Int32(row), column))
        let text = UnsafeRawBufferPointer(start: bytes, count: count).bindMemory(to: UInt8.self)
        return PostgreSQLValues.decode(text, type: pq.ftype(result, column))
    }

    func reset() {
        pq.clear(result)
        result = nil
        row = -1
        rowCount = 0
    }
}

/// Bound values as libpq takes them: one buffer, with each value's offset, length and
/// format (text, or binary for bytea). Values never enter SQL text.
struct PostgreSQLParameters {
    private var buffer: [UInt8] = []
    private var offsets: [Int] = []
    private var lengths: [Int32] = []
    private var formats: [Int32] = []
    var count: Int { offsets.count }

    mutating func append(_ value: StoreValue, as type: UInt32) throws {
        let start = buffer.count
        var format: Int32 = 0
        switch value {
        case .null:
            offsets.append(-1)
            lengths.append(0)
            formats.append(0)
            return
        case .blob(let bytes) where type == PostgreSQLValues.bytea:
            buffer += bytes
            format = 1
        default:
            buffer += PostgreSQLValues.text(value, jsonb: type == PostgreSQLValues.jsonb)
            if buffer[start...].contains(0) {
                throw PostgreSQLError(state: "22021", message: "a value holds the NUL character, which PostgreSQL text cannot hold")
            }
        }
        let length = buffer.count - start
        buffer.append(0)
        offsets.append(start)
        lengths.append(Int32(length))
        formats.append(format)
    }

    func withPointers<R>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R
    ) -> R {
        buffer.withUnsafeBytes { raw in
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            let located: [UnsafePointer<CChar>?] = offsets.map { offset in
                offset < 0 ? nil : base.map { UnsafePointer($0.advanced(by: offset)) }
            }
            return located.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }
}
