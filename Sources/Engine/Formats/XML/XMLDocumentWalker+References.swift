internal import CLibXML2

/// Entity and character references: what the walker expands itself (in attribute values,
/// where libxml2 is told not to substitute), charged against the expansion budget.
extension XMLDocumentWalker {
    // MARK: Entities

    /// Looks an entity up for libxml2; once the parse is being stopped there are none, which
    /// cuts short any expansion still under way.
    func entity(_ ctx: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) -> xmlEntityPtr? {
        guard !stopped else { return nil }
        return xmlSAX2GetEntity(ctx, name)
    }

    /// A reference in content, reported after the content of an internal entity was replayed;
    /// for an external or undeclared entity, instead of any content.
    func reference(_ ctx: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
        guard !stopped else { return halt(ctx) }
        if textRun != 0 { guard endTextRun(ctx) else { return } }
        let inDocument = ctx == documentContext
        if inDocument { markupEnded(columnOffset: 0) }
        // The scanner queued where the document's references are; this one is done with.
        let position = inDocument ? scanner?.popEntityReference() : scanner?.peekEntityReference()
        guard let name else { return }
        let entity = xmlGetDocEntity(session.context.pointee.myDoc, name)
        if let entity, entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY || entity.pointee.etype == XML_INTERNAL_PREDEFINED_ENTITY {
            return
        }
        let entityName = XMLText.string(name)
        guard warns, warnedEntities.insert(entityName).inserted else { return }
        let location =
            position.map { SourceLocation(file: session.inputName, line: $0.line, column: $0.column) }
            ?? session.parserLocation(withColumn: false)
        if entity == nil {
            tape.writeDiagnostic(.warning(.xmlUndeclaredEntity, "entity '\(entityName)' is not declared; the reference was left out", at: location))
        } else {
            tape.writeDiagnostic(.warning(.xmlExternalEntity, "external entity '\(entityName)' was not loaded", at: location))
        }
    }

    /// Counts entity text against the budget; false (and the parse stopped) past it.
    func charge(_ bytes: Int, _ ctx: UnsafeMutableRawPointer?) -> Bool {
        do {
            try budget.charge(bytes, inputBytes: session.feed.bytesDelivered) { referenceLocation() }
            return true
        } catch {
            fail(error, ctx)
            return false
        }
    }

    // MARK: Attributes

    /// Expands an attribute's value into `attributeText`. With entities left unsubstituted,
    /// libxml2 hands over values with `&#38;` for `&amp;` and `&name;` for references to
    /// declared entities (it has checked them); those are expanded here, under the same
    /// budget. False when the budget ran out.
    func expandAttribute(_ bytes: UnsafeBufferPointer<UInt8>, _ ctx: UnsafeMutableRawPointer?) -> Bool {
        attributeText.removeAll(keepingCapacity: true)
        do {
            try expandReferences(bytes, level: 0)
            return true
        } catch {
            fail(error, ctx)
            return false
        }
    }

    func expandReferences(_ bytes: UnsafeBufferPointer<UInt8>, level: Int) throws {
        var i = 0
        let count = bytes.count
        while i < count {
            guard bytes[i] == UInt8(ascii: "&"),
                let end = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: ";"))
            else {
                attributeText.append(bytes[i])
                i += 1
                continue
            }
            let reference = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end])
            i = end + 1
            if reference.first == UInt8(ascii: "#") {
                appendCharacterReference(UnsafeBufferPointer(rebasing: reference.dropFirst()))
                continue
            }
            var name = Array(reference)
            name.append(0)
            guard let entity = name.withUnsafeBufferPointer({ name in
                xmlGetPredefinedEntity(name.baseAddress) ?? xmlGetDocEntity(session.context.pointee.myDoc, name.baseAddress)
            }), let content = entity.pointee.content else { continue }
            let text = XMLText.bytes(content)
            switch entity.pointee.etype {
            case XML_INTERNAL_PREDEFINED_ENTITY:
                attributeText.append(contentsOf: text)
            case XML_INTERNAL_GENERAL_ENTITY:
                guard level < XMLEntityBudget.maximumNesting else { throw budget.nestingError(at: referenceLocation()) }
                try budget.charge(text.count, inputBytes: session.feed.bytesDelivered) { referenceLocation() }
                try expandReferences(text, level: level + 1)
            default:
                break  // external: libxml2 has refused the document already
            }
        }
    }

    /// `&#233;` or `&#xE9;` (the part after `#`), as UTF-8.
    func appendCharacterReference(_ digits: UnsafeBufferPointer<UInt8>) {
        var value: UInt32 = 0
        var hexadecimal = false
        for (index, byte) in digits.enumerated() {
            if index == 0 && byte == UInt8(ascii: "x") {
                hexadecimal = true
                continue
            }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return
            }
            value = value * (hexadecimal ? 16 : 10) + digit
            if value > 0x10FFFF { return }
        }
        guard let scalar = Unicode.Scalar(value) else { return }
        attributeText.append(contentsOf: String(Character(scalar)).utf8)
    }
}
