/// Text that came from a payload, a config or a file name, made safe to print: its control
/// characters escaped (`\n`, `\t`, `\r`, `\x1B`, C1 controls as `\u{85}`) and raw bytes of a
/// non-UTF-8 file name as `\xFF`. Every message, report and annotation prints only such text,
/// so that no sample can write terminal escapes or start a line a CI runner obeys
/// (`::warning::…`).
public enum UntrustedText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case FilePath.escaped: out += "\\x" + FilePath.hex(UInt8(scalar.value - FilePath.escapeBase))
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F: out += "\\x" + FilePath.hex(UInt8(scalar.value))
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || FilePath.escaped.contains(value)
    }
}
