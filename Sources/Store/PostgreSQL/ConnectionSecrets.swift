import RestmapEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The credentials a PostgreSQL store location carries, so that no message prints them:
/// the password of the URI's user information (however it is written — percent-escaped,
/// malformed, holding an unescaped `@` that libpq takes for the host's start), `password=`
/// parameters, and `PGPASSWORD`. Every text a store error shows passes through `redact`.
struct ConnectionSecrets {
    private let secrets: [String]

    init(location: String, environment: [String: String] = ConnectionSecrets.processEnvironment()) {
        var found: [String] = []
        func add(_ secret: Substring) {
            guard !secret.isEmpty else { return }
            found.append(String(secret))
            let decoded = PercentEncoding.decode(String(secret))
            if decoded != String(secret) { found.append(decoded) }
            // libpq splits a password holding `@` or `:` where the URI grammar says, and may
            // print any of the pieces as part of a host or user name.
            for piece in secret.split(whereSeparator: { $0 == "@" || $0 == ":" || $0 == "/" }) where piece.count >= 4 {
                found.append(String(piece))
            }
        }
        if let scheme = location.firstRange(of: "://") {
            let rest = location[scheme.upperBound...]
            // The user information ends at the last `@` before the path or query.
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            let userInformation = authority.lastIndex(of: "@").map { authority[..<$0] }
                ?? (rest.lastIndex(of: "@").map { rest[..<$0] })
            if let userInformation, let colon = userInformation.firstIndex(of: ":") {
                add(userInformation[userInformation.index(after: colon)...])
            }
        }
        for parameter in location.split(whereSeparator: { $0 == "?" || $0 == "&" || $0 == " " }) {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "password" { add(parts[1]) }
        }
        if let environmentPassword = environment["PGPASSWORD"] { add(Substring(environmentPassword)) }
        secrets = Array(Set(found)).sorted { $0.count > $1.count }
    }

    /// `text` with every credential replaced by `***`.
    func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacing(secret, with: "***")
        }
        return result
    }

    static func processEnvironment() -> [String: String] {
        guard let value = getenv("PGPASSWORD") else { return [:] }
        return ["PGPASSWORD": String(cString: value)]
    }
}
