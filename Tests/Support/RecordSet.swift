import Foundation
import RestmapEngine

/// The records of a `--shape records` document or of a `dump`, in the form two paths are
/// compared in: by entity, keyed objects by `_id`, objects without a primary key (`Entity#n`,
/// numbered per run) by content. Order is not part of it: shards and stores insert in their
/// own order.
public struct RecordSet: Equatable, CustomStringConvertible {
    /// Entity → `_id` → the record's members (`_entity` and `_id` left out).
    public private(set) var keyed: [String: [String: ValueObject]] = [:]
    /// Entity → canonical texts of the records without a primary key, sorted.
    public private(set) var unkeyed: [String: [String]] = [:]

    public init() {}

    /// Reads a records document (`{Entity: [record, ...]}`); empty output is the empty set.
    /// `unsetAsAbsent` applies the store's rule that unset and null are one thing: members
    /// that are null, and to-many relationships that are `[]`, are left out.
    public init(parsing text: String, unsetAsAbsent: Bool) throws {
        guard !text.allSatisfy(\.isWhitespace) else { return }
        guard case .object(let document) = try JSONReader.value(from: Array(text.utf8), file: "records") else {
            throw RecordSetError.notRecords(String(text.prefix(200)))
        }
        let entities = Set(document.keys)
        for entry in document.entries {
            guard case .array(let records) = entry.value else { throw RecordSetError.notRecords(entry.key) }
            for case .object(let record) in records {
                insert(record, entity: entry.key, entities: entities, unsetAsAbsent: unsetAsAbsent)
            }
        }
    }

    private mutating func insert(_ record: ValueObject, entity: String, entities: Set<String>, unsetAsAbsent: Bool) {
        var members = ValueObject()
        var id: String?
        for entry in record.entries {
            switch entry.key {
            case "_entity": continue
            case "_id":
                if case .string(let text) = entry.value { id = text }
            default:
                if unsetAsAbsent && (entry.value == .null || entry.value == .array([])) { continue }
                members[entry.key] = Self.withoutRunNumbers(entry.value, entities: entities)
            }
        }
        if let id, !Self.isRunNumbered(id, entities: entities) {
            keyed[entity, default: [:]][id] = members
        } else {
            unkeyed[entity, default: []].append(Self.canonical(.object(members)))
            unkeyed[entity]!.sort()
        }
    }

    /// Adds another shard's records: keyed objects met in both get the members of both;
    /// a member the two give different values is a conflict.
    public mutating func merge(_ other: RecordSet) -> [String] {
        var conflicts: [String] = []
        for (entity, records) in other.keyed {
            for (id, record) in records {
                guard var mine = keyed[entity]?[id] else {
                    keyed[entity, default: [:]][id] = record
                    continue
                }
                for entry in record.entries {
                    if case .array(let existing)? = mine[entry.key], case .array(let added) = entry.value,
                        Self.isReference(.array(existing + added))
                    {
                        // A to-many connection each shard resolved in part.
                        mine[entry.key] = .array(existing + added.filter { !existing.contains($0) })
                    } else if let existing = mine[entry.key], existing != entry.value {
                        conflicts.append("\(id).\(entry.key): \(Self.canonical(existing)) in one shard, \(Self.canonical(entry.value)) in another")
                    } else {
                        mine[entry.key] = entry.value
                    }
                }
                keyed[entity]![id] = mine
            }
        }
        for (entity, texts) in other.unkeyed {
            unkeyed[entity, default: []] += texts
            unkeyed[entity]!.sort()
        }
        return conflicts
    }

    /// How `self` (what a path gave) differs from `expected` (one run), one line a difference.
    /// With `referencesMayWait`, a relationship the path left out where one run set it is no
    /// difference: shards' records cannot hold connections whose target another shard mapped
    /// (their store holds them, and is compared strictly). With `referenceOrderFree`, to-many
    /// references compare as sets: targets matched by a shared value come in the order they
    /// were stored, which shards interleave.
    public func differences(from expected: RecordSet, referencesMayWait: Bool = false, referenceOrderFree: Bool = false) -> [String] {
        var lines: [String] = []
        for entity in Set(keyed.keys).union(expected.keyed.keys).sorted() {
            let mine = keyed[entity] ?? [:], theirs = expected.keyed[entity] ?? [:]
            for id in Set(mine.keys).union(theirs.keys).sorted() {
                guard let got = mine[id] else { lines.append("\(id): missing"); continue }
                guard let want = theirs[id] else { lines.append("\(id): not in one run's records"); continue }
                for key in Set(got.keys).union(want.keys).sorted() where got[key] != want[key] {
                    if let value = want[key], Self.isReference(value) {
                        if referencesMayWait && Self.holdsPart(got[key], of: value) { continue }
                        if referenceOrderFree, let gotValue = got[key], Self.holdsPart(gotValue, of: value), Self.holdsPart(value, of: gotValue) { continue }
                    }
                    lines.append("\(id).\(key): \(got[key].map(Self.canonical) ?? "(absent)"), one run \(want[key].map(Self.canonical) ?? "(absent)")")
                }
            }
        }
        for entity in Set(unkeyed.keys).union(expected.unkeyed.keys).sorted() where unkeyed[entity] != expected.unkeyed[entity] {
            lines.append("\(entity) without primary keys: \(unkeyed[entity] ?? []), one run \(expected.unkeyed[entity] ?? [])")
        }
        return lines
    }

    public var description: String {
        var lines: [String] = []
        for (entity, records) in keyed.sorted(by: { $0.key < $1.key }) {
            for (id, record) in records.sorted(by: { $0.key < $1.key }) { lines.append("\(entity) \(id) \(Self.canonical(.object(record)))") }
        }
        for (entity, texts) in unkeyed.sorted(by: { $0.key < $1.key }) { lines += texts.map { "\(entity) \($0)" } }
        return lines.joined(separator: "\n")
    }

    // MARK: - Canonical forms

    /// `Entity#3` → true when `Entity` is one of the document's entities.
    static func isRunNumbered(_ text: String, entities: Set<String>) -> Bool {
        guard let hash = text.lastIndex(of: "#"), text[text.index(after: hash)...].allSatisfy(\.isNumber) else { return false }
        return entities.contains(String(text[..<hash]))
    }

    /// References to objects without a primary key lose their run number (`Entity#`).
    static func withoutRunNumbers(_ value: Value, entities: Set<String>) -> Value {
        switch value {
        case .string(let text) where isRunNumbered(text, entities: entities):
            return .string(String(text[...text.lastIndex(of: "#")!]))
        case .array(let items):
            return .array(items.map { withoutRunNumbers($0, entities: entities) })
        default:
            return value
        }
    }

    /// A relationship's value: an object's `_id`, or an array of them.
    static func isReference(_ value: Value) -> Bool {
        switch value {
        case .string(let text): return text.contains("/") || text.hasSuffix("#")
        case .array(let items): return !items.isEmpty && items.allSatisfy(isReference)
        default: return false
        }
    }

    /// True when `part` is absent or holds only references `whole` holds.
    static func holdsPart(_ part: Value?, of whole: Value) -> Bool {
        guard let part else { return true }
        guard case .array(let items) = part, case .array(let all) = whole else { return false }
        return Set(items.map(canonical)).isSubset(of: all.map(canonical))
    }

    /// Compact JSON text, members in their order.
    static func canonical(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + object.entries.map { canonical(.string($0.key)) + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        }
    }
}

enum RecordSetError: Error {
    case notRecords(String)
}
