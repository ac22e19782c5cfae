import XCTest
@testable import RestmapEngine

/// SPEC §2's XML rules, value by value.
final class XMLPayloadReaderTests: XCTestCase {
    func read(_ xml: String, maxDepth: Int = 10_000, diagnostics: DiagnosticLog? = nil) throws -> Value {
        try XMLPayloadReader(maxDepth: maxDepth, diagnostics: diagnostics)
            .read(MemoryByteSource(xml, name: "input.xml"))
    }

    func testDocumentIsRootNameToRootValue() throws {
        XCTAssertEqual(try read("<user><name>Blake</name></user>"), ["user": ["name": "Blake"]])
    }

    func testLeafTextIsTrimmedAndEmptyLeavesAreNull() throws {
        let xml = """
            <r>
              <a>  padded \t\n </a>
              <b></b>
              <c/>
              <d>   </d>
              <e>in  ner\nlines</e>
            </r>
            """
        XCTAssertEqual(
            try read(xml), ["r": ["a": "padded", "b": nil, "c": nil, "d": nil, "e": "in  ner\nlines"]])
    }

    func testTextSplitIntoSeveralNodesIsJoinedThenTrimmed() throws {
        let xml = "<r><a>x<!--c--> <!--c-->y</a><b> <!--c--> </b><c> <!--c-->x<!--c-->  </c><d>\n é <![CDATA[ ü ]]></d></r>"
        XCTAssertEqual(try read(xml), ["r": ["a": "x y", "b": nil, "c": "x", "d": "é  ü"]])
    }

    func testLeavesAreAlwaysStrings() throws {
        XCTAssertEqual(
            try read("<r><n>12</n><f>1.50</f><t>true</t></r>"), ["r": ["n": "12", "f": "1.50", "t": "true"]])
        XCTAssertEqual(try read("<r><n>12</n></r>")["r"]?["n"], .string("12"))
    }

    func testAttributesAreStringsInDocumentOrderBeforeChildren() throws {
        let value = try read(#"<r z="1" a="" m="x y"><c>t</c></r>"#)
        XCTAssertEqual(value, ["r": ["z": "1", "a": "", "m": "x y", "c": "t"]])
        XCTAssertEqual(value["r"].flatMap { if case .object(let o) = $0 { o.keys } else { nil } }, ["z", "a", "m", "c"])
    }

    func testElementWithOnlyAttributesIsAnObject() throws {
        XCTAssertEqual(try read(#"<r><currency name="AUD" rate="1.2"/></r>"#), ["r": ["currency": ["name": "AUD", "rate": "1.2"]]])
    }

    func testRepeatedChildrenBecomeAnArrayInDocumentOrder() throws {
        let xml = "<list><item>1</item><other>x</other><item>2</item><item/><item>3</item></list>"
        XCTAssertEqual(try read(xml), ["list": ["item": ["1", "2", nil, "3"], "other": "x"]])
    }

    func testSingleChildStaysSingle() throws {
        XCTAssertEqual(try read("<list><item><id>1</id></item></list>"), ["list": ["item": ["id": "1"]]])
    }

    func testTextBesideAttributesOrChildrenGoesUnderText() throws {
        XCTAssertEqual(try read(#"<r><price currency="USD"> 12.50 </price></r>"#), ["r": ["price": ["currency": "USD", "text": "12.50"]]])
        XCTAssertEqual(try read("<p>Hello <b>big</b> world</p>"), ["p": ["b": "big", "text": "Hello  world"]])
        XCTAssertEqual(try read("<p>\n  <b>x</b>\n  tail\n</p>"), ["p": ["b": "x", "text": "tail"]])
    }

    func testBlankTextBetweenChildrenIsNotText() throws {
        XCTAssertEqual(try read("<r>\n  <a>1</a>\n  <b>2</b>\n</r>"), ["r": ["a": "1", "b": "2"]])
        XCTAssertEqual(try read(#"<r x="1">   </r>"#), ["r": ["x": "1"]])
    }

    func testChildNamedLikeAnAttributeJoinsItInAnArray() throws {
        XCTAssertEqual(try read(#"<a id="1"><id>2</id><id>3</id></a>"#), ["a": ["id": ["1", "2", "3"]]])
    }

    func testTextKeyClashesFollowTheArrayRuleWithTheTextLast() throws {
        XCTAssertEqual(try read("<a>hi<text>x</text></a>"), ["a": ["text": ["x", "hi"]]])
        XCTAssertEqual(try read(#"<a text="t">body</a>"#), ["a": ["text": ["t", "body"]]])
    }

    func testCDATAIsText() throws {
        XCTAssertEqual(try read("<r><c><![CDATA[ <not> & markup ]]></c></r>"), ["r": ["c": "<not> & markup"]])
        XCTAssertEqual(try read("<r><c>a<![CDATA[b]]>c</c></r>"), ["r": ["c": "abc"]])
    }

    func testQualifiedNamesAreKeptAndNamespaceDeclarationsLeftOut() throws {
        let xml = #"<ns:feed xmlns:ns="urn:a" xmlns="urn:default" xmlns:q="urn:q"><ns:item q:id="7" xml:lang="en">x</ns:item><plain>y</plain></ns:feed>"#
        XCTAssertEqual(try read(xml), ["ns:feed": ["ns:item": ["q:id": "7", "xml:lang": "en", "text": "x"], "plain": "y"]])
    }

    func testQualifiedAttributeAndChildOfOneNameMerge() throws {
        XCTAssertEqual(try read(#"<a xmlns:p="urn:p" p:x="1"><p:x>2</p:x><x>3</x></a>"#), ["a": ["p:x": ["1", "2"], "x": "3"]])
        XCTAssertEqual(try read(#"<a p:x="1"><p:x>2</p:x></a>"#), ["a": ["p:x": ["1", "2"]]])
        XCTAssertEqual(try read(#"<a xmlns:p="urn:p" xmlns:q="urn:p"><p:x>1</p:x><q:x>2</q:x></a>"#), ["a": ["p:x": "1", "q:x": "2"]])
    }

    func testUndeclaredPrefixIsAcceptedAsWritten() throws {
        XCTAssertEqual(try read("<ns:a><ns:b>t</ns:b></ns:a>"), ["ns:a": ["ns:b": "t"]])
    }

    func testCommentsAndProcessingInstructionsAreIgnored() throws {
        let xml = "<?xml version=\"1.0\"?><!-- c --><?pi x?><r><!-- c --><a>x<!-- c -->y</a><?pi?></r><!-- end -->"
        XCTAssertEqual(try read(xml), ["r": ["a": "xy"]])
    }

    func testPredefinedEntitiesAndCharacterReferencesAreText() throws {
        let xml = "<r><a>&amp; &lt;&gt; &quot;&apos; &#233;&#xE9; &#x1F3B8;</a><b v=\"&amp;&#233;&quot;\"/></r>"
        XCTAssertEqual(try read(xml), ["r": ["a": "& <> \"' éé 🎸", "b": ["v": "&é\""]]])
    }

    func testInternalEntitiesExpandInTextAttributesAndMarkup() throws {
        let xml = """
            <!DOCTYPE r [
              <!ENTITY who "World">
              <!ENTITY greeting "Hello &who;">
              <!ENTITY bold "<b id='&who;'>big &amp; &#233;</b>">
            ]>
            <r a="&greeting;!"><t>&greeting;</t>&bold;</r>
            """
        XCTAssertEqual(try read(xml), ["r": ["a": "Hello World!", "t": "Hello World", "b": ["id": "World", "text": "big & é"]]])
    }

    func testEntityMarkupMergesWithRepeatedSiblings() throws {
        let xml = "<!DOCTYPE l [<!ENTITY two \"<i>2</i><i>3</i>\">]><l><i>1</i>&two;<i>4</i></l>"
        XCTAssertEqual(try read(xml), ["l": ["i": ["1", "2", "3", "4"]]])
    }

    func testEncodingDeclarationIsHonoured() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r>caf".utf8)
        bytes += [0xE9]
        bytes += Array("</r>".utf8)
        XCTAssertEqual(try XMLPayloadReader().read(MemoryByteSource(bytes)), ["r": "café"])
    }

    func testByteOrderMarkAndUTF16() throws {
        XCTAssertEqual(try XMLPayloadReader().read(MemoryByteSource([0xEF, 0xBB, 0xBF] + Array("<r>x</r>".utf8))), ["r": "x"])
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<r>é</r>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(try XMLPayloadReader().read(MemoryByteSource(utf16)), ["r": "é"])
    }

    func testLargeObjectsWithManyKeysAndLongArrays() throws {
        var xml = "<r>"
        for i in 0..<40 { xml += "<k\(i)>\(i)</k\(i)>" }
        for i in 0..<2000 { xml += "<item>\(i)</item>" }
        xml += "<k3>again</k3></r>"
        guard case .object(let root) = try read(xml)["r"] else { return XCTFail("not an object") }
        XCTAssertEqual(root.count, 41)
        XCTAssertEqual(root["k3"], ["3", "again"])
        XCTAssertEqual(root["k39"], "39")
        guard case .array(let items) = root["item"] else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 2000)
        XCTAssertEqual(items[1999], "1999")
    }

    func testReadsFromFilesInChunks() throws {
        var xml = "<list>"
        for i in 0..<20_000 { xml += "<item id=\"\(i)\"><name>n\(i)</name></item>\n" }
        xml += "</list>"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-xml-\(UUID()).xml")
        try Data(xml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let value = try XMLPayloadReader().read(FileByteSource(path: url.path))
        guard case .array(let items) = value["list"]?["item"] else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 20_000)
        XCTAssertEqual(items[12_345], ["id": "12345", "name": "n12345"])
    }
}
