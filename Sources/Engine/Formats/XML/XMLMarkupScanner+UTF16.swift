/// UTF-16 input for the scanner. Positions are not queued for it (callers use libxml2's), but
/// attributes are counted all the same: the quadratic cost inside libxml2 does not depend on
/// the encoding. Each code unit below 0x80 is the ASCII byte the state machine expects; any
/// other stands for one letter (a low surrogate adds nothing: its pair is one character).
extension XMLMarkupScanner {
    /// Called at the first byte that cannot begin UTF-8 XML (offset 0 or 1): the bytes from
    /// there, `firstByte` having been read already when at offset 1.
    func startWide(_ bytes: Slice<UnsafeRawBufferPointer>) {
        wideHeader = offset == 1 ? [firstByte] : []
        state = .content
        quote = 0
        matched = 0
        line = 1
        column = 1
        afterCarriageReturn = false
        scanWide(bytes)
    }

    func scanWide(_ bytes: Slice<UnsafeRawBufferPointer>) {
        for byte in bytes {
            guard let order = wideOrder else {
                wideHeader.append(byte)
                if wideHeader.count == 2 { chooseByteOrder() }
                if wideOrder == nil && wideHeader.isEmpty { return }  // not UTF-16: stay off
                continue
            }
            guard let first = halfUnit else {
                halfUnit = byte
                continue
            }
            halfUnit = nil
            let unit = order == .bigEndian ? UInt16(first) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(first)
            scanUnit(unit)
        }
    }

    /// The byte order from the first two bytes: a byte-order mark, or an ASCII character
    /// padded with a zero byte. Anything else (UTF-32, say) leaves the scanner off.
    private func chooseByteOrder() {
        let (b0, b1) = (wideHeader[0], wideHeader[1])
        wideHeader = []
        if (b0 == 0xFE && b1 == 0xFF) || (b0 == 0 && b1 != 0 && b1 != 0xFE && b1 != 0xFF) {
            wideOrder = .bigEndian
        } else if (b0 == 0xFF && b1 == 0xFE) || (b0 != 0 && b1 == 0 && b0 != 0xFE && b0 != 0xFF) {
            wideOrder = .littleEndian
        } else {
            return
        }
        let isMark = (b0 == 0xFE && b1 == 0xFF) || (b0 == 0xFF && b1 == 0xFE)
        if !isMark { scanUnit(wideOrder == .bigEndian ? UInt16(b0) << 8 | UInt16(b1) : UInt16(b1) << 8 | UInt16(b0)) }
    }

    private func scanUnit(_ unit: UInt16) {
        if unit & 0xFC00 == 0xDC00 { return }
        let byte = unit < 0x80 ? UInt8(unit) : UInt8(ascii: "a")
        offset &+= 1
        advanceState(byte)
        advancePosition(byte)
    }
}
