import Foundation
import RestmapTestSupport
import XCTest

/// `dump` beside the tools a store's users know: the store as its argument, as
/// `sqlite-utils` takes it; CSV for a spreadsheet or `sqlite3 .import`; a table for a person.
final class DumpFormatTests: XCTestCase {
    private var folder: URL!
    private var store: String { folder.appendingPathComponent("hr.db").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try RestmapBinary.run([
            "map", "-q", "-c", "Configs/employees.plist", "--store", store,
            "/departments=Samples/employees/departments.json", "/employees=Samples/employees/employees.json",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testCSVHasAHeaderAndQuotesWhatNeedsQuoting() throws {
        let result = try RestmapBinary.run(["dump", store, "--entity", "Employee", "--format", "csv"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            _id,entityId,name,description,secondaryDeptId,dept,secondary_dept
            Employee/1234,1234,John Doe,No description provided,678,Department/987,Department/678
            Employee/1235,1235,Zoë Müller,"Speaks ""three"" languages
            and writes C:\\ paths",,Department/987,
            Employee/1236,1236,Ravi Patel,,987,Department/654,Department/987

            """)
    }

    /// A CSV file holds one table: several entities need --entity, and the error says which.
    func testCSVOfSeveralEntitiesAsksForOne() throws {
        let result = try RestmapBinary.run(["dump", store, "--format", "csv"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "error: dump --format csv prints one entity's records: pass --entity NAME (the store holds Department, Employee)\n")
    }

    func testTableAlignsColumnsAndKeepsEachRecordOnOneLine() throws {
        let result = try RestmapBinary.run(["dump", "--store", store, "--format", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "Department")
        XCTAssertEqual(lines[1], "_id             entityId  name           description")
        XCTAssertEqual(lines[4], "Department/678  678       Research       Asks why")
        let employee = try XCTUnwrap(lines.firstIndex(of: "Employee"))
        XCTAssertEqual(lines[employee - 1], "", "a blank line between entities")
        // Zoë's description holds a line break and is longer than a column may be.
        XCTAssertTrue(
            lines[employee + 4].hasPrefix("Employee/1235  1235      Zoë Müller  Speaks \"three\" languages\\nand writes C:…"),
            lines[employee + 4])
        XCTAssertEqual(lines.count, employee + 7, "three employees, then the final newline")
    }

    /// Scripts that pipe `dump` keep getting JSON: the table is only for a terminal.
    func testTheDefaultThroughAPipeIsStillJSON() throws {
        let positional = try RestmapBinary.run(["dump", store, "--entity", "Department"])
        let named = try RestmapBinary.run(["dump", "--store", store, "--entity", "Department", "--format", "json"])
        XCTAssertEqual(positional.status, 0, positional.stderr)
        XCTAssertEqual(positional.stdout, named.stdout)
        XCTAssertTrue(positional.stdout.hasPrefix("{\n  \"Department\": ["), positional.stdout)
    }

    /// On a terminal (a pseudo-terminal `script` opens), the same command prints the table,
    /// and so does `-o -`, which names standard output.
    func testTheDefaultOnATerminalIsTheTable() throws {
        for arguments in ["", " -o -"] {
            let result = try ProgramRun.shell("script -qec 'restmap dump \(store) --entity Department\(arguments)' /dev/null", in: folder)
            XCTAssertEqual(result.status, 0, result.output)
            let lines = result.output.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
            XCTAssertEqual(Array(lines.prefix(3)), [
                "Department", "_id             entityId  name           description", "--------------  --------  -------------  -------------------",
            ], "\(arguments): \(result.output)")
        }
    }

    /// `--compact` asks for JSON, on a terminal too; it means nothing to csv or a table.
    func testCompactMeansJSON() throws {
        let result = try ProgramRun.shell("script -qec 'restmap dump \(store) --entity Department --compact' /dev/null", in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.hasPrefix("{\"Department\":["), result.output)
        let csv = try RestmapBinary.run(["dump", store, "--entity", "Department", "--format", "csv", "--compact"])
        XCTAssertEqual(csv.status, 2, csv.stderr)
        XCTAssertTrue(csv.stderr.contains("--compact shapes JSON"), csv.stderr)
    }

    func testTheStoreIsNamedExactlyOnce() throws {
        let twice = try RestmapBinary.run(["dump", store, "--store", store])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("the store is named twice"), twice.stderr)
        let none = try RestmapBinary.run(["dump"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("name the store: restmap dump STORE"), none.stderr)
    }
}
