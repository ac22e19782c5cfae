import Dispatch
import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress meter on standard error for long runs (SPEC-less, README "Progress"):
/// bytes read, throughput, records and, when the input sizes are known, the share done and
/// the time left. It appears only on a terminal, only without `--quiet`, and only once a run
/// is over 64 MiB of input; it redraws four times a second from a timer of its own and is
/// erased when the run ends, so what stays on the screen is the run's own output.
final class ProgressMeter {
    /// Inputs smaller than this finish before a meter would help.
    static let threshold = 64 << 20

    let counter = ProgressCounter()
    private let total: Int?
    private let start = DispatchTime.now()
    private let timer: DispatchSourceTimer

    /// A meter for inputs of these sizes (nil: unknown, such as a pipe), or nil when none is
    /// wanted: standard error is not a terminal, `quiet`, or the inputs are known to be small.
    static func make(sizes: [Int?], quiet: Bool, unit: String = "records") -> ProgressMeter? {
        guard !quiet, isatty(2) == 1 else { return nil }
        let known = sizes.compactMap { $0 }.reduce(0, +)
        let unknown = sizes.contains { $0 == nil }
        guard unknown || known > threshold else { return nil }
        return ProgressMeter(total: unknown ? nil : known, unit: unit)
    }

    /// What the second counter counts: records (`map`), documents (`validate`).
    private let unit: String

    private init(total: Int?, unit: String) {
        self.total = total
        self.unit = unit
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "restmap.progress"))
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// Stops redrawing and erases the line, after drawing the final figures once (a run
    /// that ends between two ticks still shows what it did).
    func finish() {
        timer.cancel()
        draw()
        Console.shared.setStatusLine(nil)
    }

    /// A `map` source, counted as it is read.
    func counting(_ source: ByteSource) -> ByteSource {
        CountingByteSource(source, counter: counter)
    }

    private func draw() {
        let bytes = counter.bytesRead
        guard bytes > Self.threshold || total != nil else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let rate = seconds > 0 ? Double(bytes) / seconds : 0
        var parts = [total.map { "\(Self.megabytes(bytes)) of \(Self.megabytes($0)) MB" } ?? "\(Self.megabytes(bytes)) MB"]
        parts.append("\(Self.megabytes(Int(rate))) MB/s")
        parts.append("\(Self.grouped(counter.recordsMade)) \(unit)")
        if let total, rate > 0, bytes <= total {
            parts.append("ETA \(Self.duration(Double(total - bytes) / rate))")
        }
        Console.shared.setStatusLine("restmap: " + parts.joined(separator: " · "))
    }

    static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1e6
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// 1203400 → "1,203,400".
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// 69.4 → "1:09"; an hour or more → "1:02:03".
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}

extension ValidationSample {
    /// The sample's size when it is a regular file; nil when it is not known in advance.
    var remainingSize: Int? {
        switch input {
        case .file(let path): return (try? FileByteSource(path: path))?.remainingSize
        case .source(let source): return (source as? FileByteSource)?.remainingSize
        }
    }
}
