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
          const finding = [...page.querySelectorAll('tr.finding, p.finding')]
            .find((row) => row.textContent.includes('unexpected end of input'));
          document.getElementById('seen').textContent = JSON.stringify({
            totals: shown(page.getElementById('totals')),
            uncovered: shown(page.querySelector('#config tr.uncovered')),
            finding: shown(finding),
            graph: shown(page.querySelector('#graph svg')) !== null,
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

        guard let chromium else {
            return XCTFail("Chromium is needed to render the report (make test installs it with apt-get install chromium)")
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
        else { return XCTFail("Chromium rendered nothing: \(dom.prefix(500))") }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
        let totals = try XCTUnwrap(seen["totals"] as? String, "the totals are on screen: \(json)")
        XCTAssertTrue(totals.contains("2 samples: 1 passed, 1 failed"), totals)
        XCTAssertTrue(totals.contains("1 error, 2 warnings, 2 notes · coverage 52.6%"), totals)
        let uncovered = try XCTUnwrap(seen["uncovered"] as? String, "an uncovered config line is on screen: \(json)")
        XCTAssertTrue(uncovered.contains("<key>"), "it is a line of the config's source: \(uncovered)")
        let finding = try XCTUnwrap(seen["finding"] as? String, "the finding is on screen: \(json)")
        XCTAssertTrue(finding.contains("error") && finding.contains("unexpected end of input"), finding)
        XCTAssertEqual(seen["graph"] as? Bool, true, "the entity graph is drawn")
    }
}
