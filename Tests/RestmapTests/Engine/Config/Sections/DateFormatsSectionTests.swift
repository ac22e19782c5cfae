import XCTest
@testable import RestmapEngine
import RestmapReports

/// `date_formats` (SPEC §1.6): patterns parsed once by the reader (a bad one reported at
/// its location and left out), kept in order for the converters, listed by `describe`.
final class DateFormatsSectionTests: XCTestCase {
    typealias C = ConfigText

    static let config = """
        {"entity_attribute_mappings": {"User": {"id": "userID"}},
         "date_formats": ["dd.MM.yyyy", 42,
           "yyyy-MM-dd'T'HH:mm", "dd.MM.yyyy G"]}
        """

    func testReaderKeepsTheValidPatternsParsedInOrderWithTheirLocations() throws {
        let (definitions, _) = try C.load(Self.config)
        XCTAssertEqual(definitions.dateFormats.map(\.value.pattern), ["dd.MM.yyyy", "yyyy-MM-dd'T'HH:mm"])
        XCTAssertEqual(definitions.dateFormats.map(\.location.description), ["config.json:2:19", "config.json:3:4"])
        let converter = ValueConverter(dateFormats: definitions.dateFormats.map(\.value))
        XCTAssertEqual(converter.convert("12.02.2013", to: .date), .converted("2013-02-12T00:00:00Z"))
    }

    func testFindingsPointAtTheElementThatIsNotAPattern() throws {
        let (_, log) = try C.load(Self.config)
        SectionFinding.assert(log, [
            SectionFinding(.error, .configWrongType, "config.json:2:33", "date_formats.1 must be a string"),
            SectionFinding(.error, .configInvalidDatePattern, "config.json:3:26", "unsupported pattern letter 'G'"),
        ])
    }

    func testDescribeListsThePatternsLast() throws {
        let (definitions, _) = try C.load(Self.config)
        XCTAssertEqual(
            DateFormatsSection.descriptor.summary.closing?(definitions),
            ["", "date formats: 'dd.MM.yyyy', 'yyyy-MM-dd'T'HH:mm'"])
        XCTAssertTrue(DefinitionsSummary().render(definitions).hasSuffix("paths (0)\n\ndate formats: 'dd.MM.yyyy', 'yyyy-MM-dd'T'HH:mm'\n"))
    }

    func testWithoutPatternsDescribeAddsNothing() throws {
        let definitions = try C.definitions(#"{"entity_attribute_mappings": {"User": {"id": "userID"}}}"#)
        XCTAssertEqual(DateFormatsSection.descriptor.summary.closing?(definitions), [])
    }
}
