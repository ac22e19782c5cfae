internal import CLibPQ
import RestmapEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libpq's functions, looked up in the library when the first PostgreSQL store is opened
/// instead of linked into restmap. Linked, libpq and the twenty-odd libraries it needs
/// (GnuTLS, Kerberos, LDAP, p11-kit…) were loaded and initialised at every start of every
/// command: 6 of the 8 ms of `restmap --version`, for the few runs that use PostgreSQL. The
/// types and constants still come from libpq's header (`CLibPQ`), which restmap no longer
/// links against.
struct LibPQ {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer
    typealias Text = UnsafePointer<CChar>

    let connectdb: @convention(c) (Text?) -> Connection?
    let status: @convention(c) (Connection?) -> ConnStatusType
    let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
    let finish: @convention(c) (Connection?) -> Void
    let setNoticeProcessor: @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let transactionStatus: @convention(c) (Connection?) -> PGTransactionStatusType
    let exec: @convention(c) (Connection?, Text?) -> Result?
    let prepare: @convention(c) (Connection?, Text?, Text?, Int32, UnsafePointer<Oid>?) -> Result?
    let describePrepared: @convention(c) (Connection?, Text?) -> Result?
    let execPrepared: @convention(c) (
        Connection?, Text?, Int32, UnsafePointer<Text?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> Result?
    let putCopyData: @convention(c) (Connection?, Text?, Int32) -> Int32
    let putCopyEnd: @convention(c) (Connection?, Text?) -> Int32
    let getResult: @convention(c) (Connection?) -> Result?
    let clear: @convention(c) (Result?) -> Void
    let resultStatus: @convention(c) (Result?) -> ExecStatusType
    let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let cmdStatus: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
    let cmdTuples: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
    let nparams: @convention(c) (Result?) -> Int32
    let paramtype: @convention(c) (Result?, Int32) -> Oid
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let ftype: @convention(c) (Result?, Int32) -> Oid
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let getlength: @convention(c) (Result?, Int32, Int32) -> Int32

    /// The library's file names, most specific first.
    #if canImport(Darwin)
    static let libraryNames = ["libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib", "/usr/local/opt/libpq/lib/libpq.5.dylib"]
    #else
    static let libraryNames = ["libpq.so.5", "libpq.so"]
    #endif

    /// libpq, loaded once per process, or why it could not be.
    static let loaded: Swift.Result<LibPQ, RestmapError> = load(from: libraryNames)

    /// libpq, or the error a PostgreSQL store reports without it (a usage error: the
    /// machine lacks what the command line asks for).
    static func shared() throws -> LibPQ {
        try loaded.get()
    }

    static func load(from names: [String]) -> Swift.Result<LibPQ, RestmapError> {
        var handle: UnsafeMutableRawPointer?
        var reason = "not found"
        for name in names where handle == nil {
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if handle == nil, let error = dlerror() { reason = String(cString: error) }
        }
        guard let handle else {
            return .failure(RestmapError.usage(
                .storeUnusable, "needs libpq (\(names.first ?? "libpq")), which could not be loaded: \(reason); install it (Debian: apt-get install libpq5)"))
        }
        let names = [
            "PQconnectdb", "PQstatus", "PQerrorMessage", "PQfinish", "PQsetNoticeProcessor", "PQtransactionStatus",
            "PQexec", "PQprepare", "PQdescribePrepared", "PQexecPrepared", "PQputCopyData", "PQputCopyEnd",
            "PQgetResult", "PQclear", "PQresultStatus", "PQresultErrorField", "PQcmdStatus", "PQcmdTuples",
            "PQnparams", "PQparamtype", "PQntuples", "PQnfields", "PQftype", "PQgetisnull", "PQgetvalue", "PQgetlength",
        ]
        let missing = names.filter { dlsym(handle, $0) == nil }
        guard missing.isEmpty else {
            return .failure(RestmapError.usage(
                .storeUnusable, "needs libpq 10 or later: the libpq found lacks \(missing.joined(separator: ", "))"))
        }
        func symbol<F>(_ name: String, as type: F.Type) -> F {
            unsafeBitCast(dlsym(handle, name)!, to: type)
        }
        let library = LibPQ(
            connectdb: symbol("PQconnectdb", as: (@convention(c) (Text?) -> Connection?).self),
            status: symbol("PQstatus", as: (@convention(c) (Connection?) -> ConnStatusType).self),
            errorMessage: symbol("PQerrorMessage", as: (@convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?).self),
            finish: symbol("PQfinish", as: (@convention(c) (Connection?) -> Void).self),
            setNoticeProcessor: symbol(
                "PQsetNoticeProcessor",
                as: (@convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?).self),
            transactionStatus: symbol("PQtransactionStatus", as: (@convention(c) (Connection?) -> PGTransactionStatusType).self),
            exec: symbol("PQexec", as: (@convention(c) (Connection?, Text?) -> Result?).self),
            prepare: symbol("PQprepare", as: (@convention(c) (Connection?, Text?, Text?, Int32, UnsafePointer<Oid>?) -> Result?).self),
            describePrepared: symbol("PQdescribePrepared", as: (@convention(c) (Connection?, Text?) -> Result?).self),
            execPrepared: symbol(
                "PQexecPrepared",
                as: (@convention(c) (
                    Connection?, Text?, Int32, UnsafePointer<Text?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
                ) -> Result?).self),
            putCopyData: symbol("PQputCopyData", as: (@convention(c) (Connection?, Text?, Int32) -> Int32).self),
            putCopyEnd: symbol("PQputCopyEnd", as: (@convention(c) (Connection?, Text?) -> Int32).self),
            getResult: symbol("PQgetResult", as: (@convention(c) (Connection?) -> Result?).self),
            clear: symbol("PQclear", as: (@convention(c) (Result?) -> Void).self),
            resultStatus: symbol("PQresultStatus", as: (@convention(c) (Result?) -> ExecStatusType).self),
            resultErrorField: symbol("PQresultErrorField", as: (@convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?).self),
            cmdStatus: symbol("PQcmdStatus", as: (@convention(c) (Result?) -> UnsafeMutablePointer<CChar>?).self),
            cmdTuples: symbol("PQcmdTuples", as: (@convention(c) (Result?) -> UnsafeMutablePointer<CChar>?).self),
            nparams: symbol("PQnparams", as: (@convention(c) (Result?) -> Int32).self),
            paramtype: symbol("PQparamtype", as: (@convention(c) (Result?, Int32) -> Oid).self),
            ntuples: symbol("PQntuples", as: (@convention(c) (Result?) -> Int32).self),
            nfields: symbol("PQnfields", as: (@convention(c) (Result?) -> Int32).self),
            ftype: symbol("PQftype", as: (@convention(c) (Result?, Int32) -> Oid).self),
            getisnull: symbol("PQgetisnull", as: (@convention(c) (Result?, Int32, Int32) -> Int32).self),
            getvalue: symbol("PQgetvalue", as: (@convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?).self),
            getlength: symbol("PQgetlength", as: (@convention(c) (Result?, Int32, Int32) -> Int32).self))
        return .success(library)
    }
}
