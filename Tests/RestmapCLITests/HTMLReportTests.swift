import Foundation
import RestmapTestSupport
import XCTest

/// `validate --report html`, looked at as a person would: the page is rendered in headless
/// Chromium, and a script in a wrapper page reports what is on screen (laid out, not
/// hidden): the totals, an uncovered config line and a finding. `make test` installs
/// Chromium; without it this test fails with the reason, it does not skip.
final class HTMLReportTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static let probe = """
        <!DOCTYPE html><html><body><iframe id="report" src="report.html" width="1280" height="6000"></iframe>
        <pre id="seen"></pre><script>
        document.getElementById('report').onload = function () {
          const page = this.contentDocument, view = page.defaultView;
          const shown = (element) => {
            if (!element) return null;
            const box = element.getBoundingClientRect(), style = view.getComputedStyle(element);
            return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
              ? element.textContent.replace(/\\s+/g, ' ').trim() : null;
          };
          const svg = page.querySelector('#graph svg');
          const limit = svg ? svg.viewBox.baseVal.width : 0;
          const clipped = svg ? [...svg.querySelectorAll('text')].filter((text) => {
            const box = text.getBBox(), group = text.closest('g.entity'), rect = group && group.querySelector('rect');
            const right = rect ? Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) : limit;
            return box.x + box.width > right + 0.5;
          }).map((text) => text.textContent) : [];
          const finding = [...page.querySelectorAll('tr.finding, p.finding')]
            .find((row) => row.textContent.includes('unexpected end of input'));
          document.getElementById('seen').textContent = JSON.stringify({
            totals: shown(page.getElementById('totals')),
            uncovered: shown(page.querySelector('#config tr.uncovered')),
            finding: shown(finding),
            graph: shown(page.querySelector('#graph svg')) !== null,
            clipped: clipped,
          });
        };
        </script></body></html>
        """

    func testRenderedReportShowsTotalsAnUncoveredLineAndAFinding() throws {
        let report = scratch.appendingPathComponent("report.html")
        let run = try RestmapBinary.run([
            "validate", "-q", "-c", "Configs/employees.plist", "--report", "html", "-o", report.path,
            "/employees=Samples/employees/employees.json", "/employees=Samples/validation/employees-truncated.json",
        ])
        XCTAssertEqual(run.status, 1, "a failing sample fails the run; the report is still written")
        let html = try String(contentsOf: report, encoding: .utf8)
        XCTAssertFalse(html.contains("src=\"http") || html.contains("href=\"http"), "self-contained: nothing loaded from elsewhere")

        let seen = try render(report)
        let totals = try XCTUnwrap(seen["totals"] as? String, "the totals are on screen: \(json(seen))")
        XCTAssertTrue(totals.contains("2 samples: 1 passed, 1 failed"), totals)
        XCTAssertTrue(totals.contains("1 error, 2 warnings, 2 notes · coverage 52.6%"), totals)
        let uncovered = try XCTUnwrap(seen["uncovered"] as? String, "an uncovered config line is on screen: \(json(seen))")
        XCTAssertTrue(uncovered.contains("<key>"), "it is a line of the config's source: \(uncovered)")
        let finding = try XCTUnwrap(seen["finding"] as? String, "the finding is on screen: \(json(seen))")
        XCTAssertTrue(finding.contains("error") && finding.contains("unexpected end of input"), finding)
        XCTAssertEqual(seen["graph"] as? Bool, true, "the entity graph is drawn")
        XCTAssertEqual((seen["clipped"] as? [String])?.isEmpty, true, "no graph text runs past its box or the drawing: \(json(seen))")
    }

    /// Long entity, attribute and relationship names are drawn whole (boxes and the drawing
    /// grow to hold them); the footer says which restmap made the page and when; with
    /// `--report-samples none` no sample's text is on the page, and `failing` shows only
    /// the failing samples'.
    func testLongNamesAreDrawnWholeAndSampleBodiesCanBeLeftOut() throws {
        let config = scratch.appendingPathComponent("long.json")
        try Data(#"""
            {"entity_attribute_mappings": {"RepositoryWithAnExceptionallyLongEntityName": {"id": "id", "pull_requests_reviewed_by_someone_else": "pullRequestsReviewedBySomeoneElse"},
              "PullRequest": {"id": "id"}},
             "relationship_mappings": {"RepositoryWithAnExceptionallyLongEntityName": {"pullRequestsOpenedAgainstThisRepository": {"target": "PullRequest", "key_path": "pulls"}}},
             "path_mappings": [{"uri": "/repos", "matchers": [{"entity_name": "RepositoryWithAnExceptionallyLongEntityName"}]}]}
            """#.utf8).write(to: config)
        let good = scratch.appendingPathComponent("good.json"), bad = scratch.appendingPathComponent("bad.json")
        try Data(#"[{"id": 1, "marker": "GOOD-SAMPLE-TEXT", "pulls": [{"id": 2}]}]"#.utf8).write(to: good)
        try Data(#"[{"id": "BAD-SAMPLE-TEXT"#.utf8).write(to: bad)
        func page(_ which: String) throws -> String {
            let report = scratch.appendingPathComponent("report.html")
            let run = try RestmapBinary.run(
                ["validate", "-q", "-c", config.path, "--report", "html=" + report.path, "--report-samples", which,
                 "/repos=" + good.path, "/repos=" + bad.path],
                environment: ["SOURCE_DATE_EPOCH": "1795000000"])
            XCTAssertEqual(run.status, 1, run.stderr)
            return try String(contentsOf: report, encoding: .utf8)
        }
        let none = try page("none")
        XCTAssertFalse(none.contains("GOOD-SAMPLE-TEXT") || none.contains("BAD-SAMPLE-TEXT"), "no sample text with none")
        XCTAssertTrue(none.contains("<footer>Made by restmap ") && none.contains(" on 2026-11-18 11:06 UTC.</footer>"), String(none.suffix(300)))
        let failing = try page("failing")
        XCTAssertTrue(failing.contains("BAD-SAMPLE-TEXT") && !failing.contains("GOOD-SAMPLE-TEXT"), "only the failing sample's text")
        let all = try page("all")
        XCTAssertTrue(all.contains("BAD-SAMPLE-TEXT") && all.contains("GOOD-SAMPLE-TEXT"))

        let seen = try render(scratch.appendingPathComponent("report.html"))
        XCTAssertEqual(seen["graph"] as? Bool, true)
        XCTAssertEqual((seen["clipped"] as? [String])?.isEmpty, true, "long names are drawn whole: \(json(seen))")
    }

    private func json(_ object: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: object)).map { String(decoding: $0, as: UTF8.self) } ?? "\(object)"
    }

    /// What headless Chromium shows of `report` (copied beside the probe page as report.html).
    private func render(_ report: URL) throws -> [String: Any] {
        let target = scratch.appendingPathComponent("report.html")
        if report.standardizedFileURL != target.standardizedFileURL {
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: report, to: target)
        }
        guard let chromium else {
            throw RenderFailure(message: "Chromium is needed to render the report (make test installs it with apt-get install chromium)")
        }
        let wrapper = scratch.appendingPathComponent("probe.html")
        try Self.probe.write(to: wrapper, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
            "--virtual-time-budget=10000", "--dump-dom", wrapper.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let start = dom.range(of: "<pre id=\"seen\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { throw RenderFailure(message: "Chromium rendered nothing: \(dom.prefix(500))") }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
        return seen
    }

    struct RenderFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
