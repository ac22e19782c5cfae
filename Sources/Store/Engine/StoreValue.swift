import RestmapEngine
/// A value as a SQL engine holds it: the storage classes SQLite has (and PostgreSQL maps
/// onto). What a column holds for each restmap `Value` is `StoreValueCodec`'s business.
enum StoreValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}
