import XCTest
import RestmapEngine
@testable import RestmapReports

/// Each report format, exactly: one passing sample, one failing with an error and a note, a
/// negative sample failing as expected, and coverage below `--min-coverage`.
final class ValidationReportTests: XCTestCase {
    typealias F = ValidationFixtures

    static let config = """
        {
          "entity_attribute_mappings": { "Item": { "id": "itemID", "size": "size", "weight": "weight" } },
          "primary_key_mappings": { "Item": ["itemID"] },
          "entity_attribute_types": { "Item": { "size": "integer" } },
          "path_mappings": [ { "uri": "/items", "key_path": "items", "matchers": [ { "entity_name": "Item" } ] } ]
        }
        """

    private func report() throws -> ValidationReport {
        var options = ValidationOptions()
        options.minCoverage = 90
        let samples = [
            F.sample("good.json", "/items", #"{"items": [{"id": 1, "size": 2}]}"#),
            F.sample("bad.json", "/items", #"{"items": [{"id": 2, "size": "big", "color": "red"}]}"#),
            F.sample("neg.json", "/items", #"{"items": [{"size": 1}]}"#, expect: .error),
        ]
        return try ValidateRun(definitions: F.definitions(Self.config, file: "items.json"), options: options).validate(samples)
    }

    /// Compares whole outputs, naming the first line that differs.
    private func assertLines(_ actual: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual, expected + "\n", file: file, line: line)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = (expected + "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (x, y)) in zip(a, e).enumerated() where x != y {
            XCTFail("line \(index + 1):\n  actual:   \(x)\n  expected: \(y)", file: file, line: line)
            break
        }
    }

    func testTextReport() throws {
        assertLines(
            ValidationReportFormat.text.render(try report()),
            #"""
            PASS good.json (/items)
            FAIL bad.json (/items): 1 error, 1 note
            bad.json:1:30: error: Item/2: size not set: cannot convert "big" to integer: not a number
            items.json:2: note: config: entity_attribute_mappings.Item.size
            bad.json:1:46: note: key 'color' of Item objects is never read by the config (at items.*.color)
            items.json:2: note: config: entity_attribute_mappings.Item
            PASS neg.json (/items, expect error): failed as expected (1 error)
            neg.json:1:12: note: expected error: Item has no primary-key value: 'id' (itemID) is absent; it is mapped as an object of its own (Item#1)
            items.json:3: note: config: primary_key_mappings.Item

            coverage 80.0% (4 of 5 config entries exercised: attribute mappings 2/3, relationships 0/0, matchers 1/1, path mappings 1/1)
            never exercised:
              items.json:2: entity_attribute_mappings.Item.weight (Item.weight ← weight)
            error: coverage 80.0% (4 of 5) is below --min-coverage 90%

            validate: 3 samples, 2 passed, 1 failed; 1 error, 0 warnings, 2 notes; coverage 80.0% is below --min-coverage 90% — FAILED
            """#)
    }

    func testJSONReport() throws {
        assertLines(
            ValidationReportFormat.json.render(try report()),
            #"""
            {
              "version": 1,
              "config": "items.json",
              "passed": false,
              "strict": false,
              "min_coverage": 90,
              "summary": {
                "samples": 3,
                "passed": 2,
                "failed": 1,
                "errors": 1,
                "warnings": 0,
                "notes": 2,
                "baselined": 0
              },
              "config_findings": [],
              "samples": [
                {
                  "file": "good.json",
                  "path": "/items",
                  "status": null,
                  "expect": "ok",
                  "passed": true,
                  "errors": 0,
                  "warnings": 0,
                  "notes": 0,
                  "findings": []
                },
                {
                  "file": "bad.json",
                  "path": "/items",
                  "status": null,
                  "expect": "ok",
                  "passed": false,
                  "errors": 1,
                  "warnings": 0,
                  "notes": 1,
                  "findings": [
                    {
                      "kind": "conversion-failed",
                      "code": "RM4003",
                      "severity": "error",
                      "message": "Item/2: size not set: cannot convert \"big\" to integer: not a number",
                      "file": "bad.json",
                      "line": 1,
                      "column": 30,
                      "pointer": "/items/0/size",
                      "count": 1,
                      "expected_severity": null,
                      "baselined": false,
                      "config": {
                        "entry": "entity_attribute_mappings.Item.size",
                        "file": "items.json",
                        "line": 2
                      },
                      "related": []
                    },
                    {
                      "kind": "unread-key",
                      "code": "RM5008",
                      "severity": "note",
                      "message": "key 'color' of Item objects is never read by the config (at items.*.color)",
                      "file": "bad.json",
                      "line": 1,
                      "column": 46,
                      "pointer": "/items/0/color",
                      "count": 1,
                      "expected_severity": null,
                      "baselined": false,
                      "config": {
                        "entry": "entity_attribute_mappings.Item",
                        "file": "items.json",
                        "line": 2
                      },
                      "related": []
                    }
                  ]
                },
                {
                  "file": "neg.json",
                  "path": "/items",
                  "status": null,
                  "expect": "error",
                  "passed": true,
                  "errors": 0,
                  "warnings": 0,
                  "notes": 1,
                  "findings": [
                    {
                      "kind": "missing-primary-key",
                      "code": "RM5001",
                      "severity": "note",
                      "message": "Item has no primary-key value: 'id' (itemID) is absent; it is mapped as an object of its own (Item#1)",
                      "file": "neg.json",
                      "line": 1,
                      "column": 12,
                      "pointer": "/items/0",
                      "count": 1,
                      "expected_severity": "error",
                      "baselined": false,
                      "config": {
                        "entry": "primary_key_mappings.Item",
                        "file": "items.json",
                        "line": 3
                      },
                      "related": []
                    }
                  ]
                }
              ],
              "coverage": {
                "percent": 80.0,
                "exercised": 4,
                "total": 5,
                "below_minimum": true,
                "by_kind": {
                  "attribute_mapping": {
                    "exercised": 2,
                    "total": 3
                  },
                  "relationship": {
                    "exercised": 0,
                    "total": 0
                  },
                  "matcher": {
                    "exercised": 1,
                    "total": 1
                  },
                  "path_mapping": {
                    "exercised": 1,
                    "total": 1
                  }
                },
                "entries": [
                  {
                    "kind": "attribute_mapping",
                    "entry": "entity_attribute_mappings.Item.id",
                    "detail": "Item.itemID ← id",
                    "file": "items.json",
                    "line": 2,
                    "exercised": true
                  },
                  {
                    "kind": "attribute_mapping",
                    "entry": "entity_attribute_mappings.Item.size",
                    "detail": "Item.size ← size",
                    "file": "items.json",
                    "line": 2,
                    "exercised": true
                  },
                  {
                    "kind": "attribute_mapping",
                    "entry": "entity_attribute_mappings.Item.weight",
                    "detail": "Item.weight ← weight",
                    "file": "items.json",
                    "line": 2,
                    "exercised": false
                  },
                  {
                    "kind": "matcher",
                    "entry": "path_mappings.0.matchers.0",
                    "detail": "fallback → Item",
                    "file": "items.json",
                    "line": 5,
                    "exercised": true
                  },
                  {
                    "kind": "path_mapping",
                    "entry": "path_mappings.0",
                    "detail": "'/items' at items",
                    "file": "items.json",
                    "line": 5,
                    "exercised": true
                  }
                ]
              }
            }
            """#)
    }

    func testJUnitReport() throws {
        assertLines(
            ValidationReportFormat.junit.render(try report()),
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="restmap validate" tests="4" failures="2" errors="0">
              <testsuite name="items.json" tests="4" failures="2" errors="0" skipped="0">
                <properties>
                  <property name="config" value="items.json"/>
                  <property name="coverage" value="80.0"/>
                </properties>
                <testcase classname="items" name="good.json (/items)" file="good.json"/>
                <testcase classname="items" name="bad.json (/items)" file="bad.json">
                  <failure message="1 error: Item/2: size not set: cannot convert &quot;big&quot; to integer: not a number" type="RM4003">bad.json:1:30: error: Item/2: size not set: cannot convert "big" to integer: not a number
            items.json:2: note: config: entity_attribute_mappings.Item.size
            bad.json:1:46: note: key 'color' of Item objects is never read by the config (at items.*.color)
            items.json:2: note: config: entity_attribute_mappings.Item</failure>
                </testcase>
                <testcase classname="items" name="neg.json (/items, expect error)" file="neg.json">
                  <system-out>neg.json:1:12: note: expected error: Item has no primary-key value: 'id' (itemID) is absent; it is mapped as an object of its own (Item#1)
            items.json:3: note: config: primary_key_mappings.Item</system-out>
                </testcase>
                <testcase classname="items" name="coverage">
                  <failure message="coverage 80.0% (4 of 5) is below --min-coverage 90%" type="coverage">coverage 80.0% (4 of 5 config entries exercised: attribute mappings 2/3, relationships 0/0, matchers 1/1, path mappings 1/1)
            never exercised:
              items.json:2: entity_attribute_mappings.Item.weight (Item.weight ← weight)</failure>
                </testcase>
                <system-out>coverage 80.0% (4 of 5 config entries exercised: attribute mappings 2/3, relationships 0/0, matchers 1/1, path mappings 1/1)
            never exercised:
              items.json:2: entity_attribute_mappings.Item.weight (Item.weight ← weight)</system-out>
              </testsuite>
            </testsuites>
            """#)
    }

    func testGitHubReport() throws {
        assertLines(
            ValidationReportFormat.github.render(try report()),
            #"""
            PASS good.json (/items)
            FAIL bad.json (/items): 1 error, 1 note
            ::error file=bad.json,line=1,col=30,title=RM4003::Item/2: size not set: cannot convert "big" to integer: not a number%0Aconfig: entity_attribute_mappings.Item.size (items.json:2)
            ::notice file=bad.json,line=1,col=46,title=RM5008::key 'color' of Item objects is never read by the config (at items.*.color)%0Aconfig: entity_attribute_mappings.Item (items.json:2)
            PASS neg.json (/items, expect error): failed as expected (1 error)
            ::notice file=neg.json,line=1,col=12,title=RM5001::expected error: Item has no primary-key value: 'id' (itemID) is absent; it is mapped as an object of its own (Item#1)%0Aconfig: primary_key_mappings.Item (items.json:3)
            ::error title=restmap validate coverage::coverage 80.0%25 (4 of 5) is below --min-coverage 90%25%0Acoverage 80.0%25 (4 of 5 config entries exercised: attribute mappings 2/3, relationships 0/0, matchers 1/1, path mappings 1/1)%0Anever exercised:%0Aitems.json:2: entity_attribute_mappings.Item.weight (Item.weight ← weight)
            validate: 3 samples, 2 passed, 1 failed; 1 error, 0 warnings, 2 notes; coverage 80.0% is below --min-coverage 90% — FAILED
            """#)
    }

    func testCleanRunReports() throws {
        let report = try ValidateRun(definitions: F.definitions(Self.config, file: "items.json"))
            .validate([F.sample("good.json", "/items", #"{"items": [{"id": 1, "size": 2, "weight": 3}]}"#)])
        assertLines(
            ValidationReportFormat.text.render(report),
            """
            PASS good.json (/items)

            coverage 100.0% (5 of 5 config entries exercised: attribute mappings 3/3, relationships 0/0, matchers 1/1, path mappings 1/1)

            validate: 1 sample, 1 passed, 0 failed; 0 errors, 0 warnings, 0 notes; coverage 100.0% — ok
            """)
        let junit = ValidationReportFormat.junit.render(report)
        XCTAssertTrue(junit.contains(#"<testcase classname="items" name="good.json (/items)" file="good.json"/>"#))
        XCTAssertFalse(junit.contains(#"<testcase classname="items" name="coverage""#), "no coverage testcase without --min-coverage")
    }

    func testGitHubEscaping() {
        var finding = EngineFixtures.finding(
            EngineFixtures.xmlExternalEntity, .warning, "100% sure\r\nsecond line", at: SourceLocation(file: "/work/a,b:c.json", line: 3, column: 4),
            config: ("path_mappings.0", SourceLocation(file: "/work/api.plist", line: 9, column: 2)))
        finding.count = 2
        let github = ValidationGitHubReport(workingDirectory: "/work")
        XCTAssertEqual(
            github.annotation(finding),
            #"::warning file=a%2Cb%3Ac.json,line=3,col=4,title=RM3109::100%25 sure\r\nsecond line (2 occurrences, the first shown)%0Aconfig: path_mappings.0 (api.plist:9)"#,
            "a message's own line breaks are escaped as text; only the lines the report adds are %0A")
        XCTAssertEqual(
            ValidationGitHubReport(workingDirectory: nil).annotation(
                EngineFixtures.finding(.nothingMapped, .note, "n", at: .file("s.json"))),
            "::notice file=s.json,title=RM4002::n")
    }

    func testJUnitEscaping() {
        XCTAssertEqual(ValidationJUnitReport.escape("a<b>&\"c'\n\u{1}"), "a&lt;b&gt;&amp;&quot;c&apos;&#10;?")
        XCTAssertEqual(ValidationJUnitReport.escapeText("a<b>&\"c'\n\u{1}"), "a&lt;b&gt;&amp;\"c'\n?")
        XCTAssertEqual(ValidationJUnitReport.className("Configs/employees.plist"), "employees")
        XCTAssertEqual(ValidationJUnitReport.className(".restmap"), ".restmap")
    }
}
