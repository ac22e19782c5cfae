import RestmapEngine
/// How suggested configs name things: client attributes in lowerCamelCase (`created_at` →
/// `createdAt`), entities in UpperCamelCase and singular (`employees` → `Employee`), the way
/// the Objective-C models RestKit maps into name them.
enum NameStyle {
    /// The words of a payload key: split at `_`, `-`, spaces, dots and lower-to-upper case changes.
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in key {
            if character == "_" || character == "-" || character == " " || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase && previousLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `created_at` → `createdAt`; `ID` → `id`; `URL` stays `url`.
    static func attributeName(_ key: String) -> String {
        let parts = words(key)
        guard let first = parts.first else { return key.isEmpty ? "value" : key }
        return first.lowercased() + parts.dropFirst().map(capitalized).joined()
    }

    /// `base`, else `base2`, `base3`, ...: the first `taken` does not hold, which it then does
    /// (two keys of one object never get one client-side name).
    static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var name = base, number = 2
        while !taken.insert(name).inserted {
            name = base + String(number)
            number += 1
        }
        return name
    }

    /// `employees` → `Employee`; `line_items` → `LineItem`; `dept` → `Dept`.
    static func entityName(_ key: String) -> String {
        var parts = words(key)
        guard let last = parts.popLast() else { return "Object" }
        let name = (parts + [singular(last)]).map(capitalized).joined()
        return name.first?.isLetter == true ? name : "Object" + name
    }

    /// English plurals as API keys use them: `-ies` → `-y`, `-ses`/`-xes`/`-ches`/`-shes` →
    /// without `-es`, `-s` → without it (not `-ss`).
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies") && word.count > 3 { return String(word.dropLast(3)) + "y" }
        for suffix in ["sses", "xes", "ches", "shes", "zes"] where lower.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s") && !lower.hasSuffix("ss") && word.count > 1 { return String(word.dropLast()) }
        return word
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }
}
