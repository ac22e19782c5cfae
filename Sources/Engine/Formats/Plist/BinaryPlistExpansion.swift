/// How large a binary plist's tree is once its shared references are expanded.
///
/// A binary plist may list one object under many parents. Read as a tree, an object that
/// lists the next one twice, 64 levels deep, is 2^64 values in a file of 332 bytes (issue
/// 16). Before the reader builds anything, this pass adds up each container's expanded size
/// once (memoized by object index, so the pass is linear in the file) and stops when the
/// total passes the limit; the error names the key path of the deepest object that alone
/// expands past it. Malformed structure is left for the reader itself to report with its
/// own message: here it counts as a single value.
extension BinaryPlistReader.Parser {
    func checkExpansion(limit: Int) throws {
        var sizes: [Int: Int] = [:]
        var visiting: Set<Int> = []
        let total = expandedSize(topObject, depth: 0, limit: limit, sizes: &sizes, visiting: &visiting)
        guard total > limit else { return }
        var path: [String] = []
        var index = topObject
        descend: while path.count < BinaryPlistReader.maxDepth {
            for (label, child) in children(of: index) where (sizes[child] ?? 1) > limit {
                path.append(label)
                index = child
                continue descend
            }
            break
        }
        throw fail(
            .binaryPlistExpandsTooFar, "the binary property list expands to more than \(limit) values through shared references",
            path)
    }

    /// The number of values in the tree rooted at `index`, saturating just past `limit`.
    private func expandedSize(
        _ index: Int, depth: Int, limit: Int, sizes: inout [Int: Int], visiting: inout Set<Int>
    ) -> Int {
        if let known = sizes[index] { return known }
        guard depth < BinaryPlistReader.maxDepth, !visiting.contains(index),
            let container = container(at: index)
        else { return 1 }
        visiting.insert(index)
        defer { visiting.remove(index) }
        var total = 1
        let keys = container.isDictionary ? container.count : 0
        for i in 0..<container.count {
            let child = reference(container.referencesStart, keys + i)
            total += keys > 0 ? 1 : 0
            total += expandedSize(child, depth: depth + 1, limit: limit, sizes: &sizes, visiting: &visiting)
            if total > limit { break }
        }
        total = min(total, limit + 1)
        sizes[index] = total
        return total
    }

    /// A container's children with the path segment each is reached by (its index, or its
    /// key when the key is an ASCII string).
    private func children(of index: Int) -> [(String, Int)] {
        guard let container = container(at: index) else { return [] }
        let keys = container.isDictionary ? container.count : 0
        return (0..<container.count).map { i in
            let child = reference(container.referencesStart, keys + i)
            guard keys > 0 else { return (String(i), child) }
            return (asciiKey(reference(container.referencesStart, i)) ?? "(key \(i))", child)
        }
    }

    private func reference(_ referencesStart: Int, _ i: Int) -> Int {
        readReference(at: referencesStart + i * referenceSize)
    }

    /// The array, set or dictionary at `index` when its header and references lie inside
    /// the object area; nil for scalars and for anything malformed.
    private func container(at index: Int) -> (isDictionary: Bool, count: Int, referencesStart: Int)? {
        guard index >= 0, index < objectCount, let start = try? offset(ofObject: index, []) else { return nil }
        let marker = bytes[start]
        let type = marker >> 4
        guard type == 0xA || type == 0xC || type == 0xD,
            let (count, referencesStart) = try? length(nibble: marker & 0x0F, after: start, [])
        else { return nil }
        let references = type == 0xD ? 2 * count : count
        guard count <= objectCount * 2 + 1, referencesStart + references * referenceSize <= offsetTableStart else {
            return nil
        }
        return (type == 0xD, count, referencesStart)
    }

    /// The text of an ASCII string object, for naming a path segment.
    private func asciiKey(_ index: Int) -> String? {
        guard index >= 0, index < objectCount, let start = try? offset(ofObject: index, []),
            bytes[start] >> 4 == 0x5,
            let (count, dataStart) = try? length(nibble: bytes[start] & 0x0F, after: start, []),
            dataStart + count <= offsetTableStart
        else { return nil }
        let slice = bytes[dataStart..<dataStart + count]
        guard slice.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: slice, as: UTF8.self)
    }
}
