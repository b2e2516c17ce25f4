import CustomerCenterCompiler
import Foundation

// Translation files at scale (issue 56 item 7; docs/performance.md "strings"): a config of 5,000
// keys in 32 locales, its `lint` against `strings export --out-dir` (XLIFF and PO) and
// `strings import` of the 31 files it wrote, unchanged; whole processes, interleaved round by
// round, peaks through peak-rss. `--strings-only --baseline DIR` runs DIR/customer-center in the
// same rounds, one column each.

extension ConfigGenerator {
    /// The number of `localized_strings` keys of `config(paths:)`.
    static func keys(paths: Int) -> Int {
        let surveys = (0..<paths).filter { $0 % 4 == 2 }.count
        return paths + 4 * surveys + 2 * max(1, paths / 10) + 3
    }

    /// The fewest paths whose config has at least `keys` keys.
    static func paths(forKeys keys: Int) -> Int {
        var paths = 0
        while self.keys(paths: paths) < keys { paths += 1 }
        return paths
    }
}

func stringsBenchmarks(quick: Bool, baseline: URL?) {
    let rounds = quick ? 3 : 7
    let tools = [tool] + (baseline.map { [$0.appendingPathComponent("customer-center")] } ?? [])
    let paths = ConfigGenerator.paths(forKeys: 5_000)
    let config = work.appendingPathComponent("strings-config.json")
    let text = ConfigGenerator.config(paths: paths)
    try? text.write(to: config, atomically: true, encoding: .utf8)
    let bytes = text.utf8.count
    // The delivery to import: what this build exports, unchanged.
    let delivery = ["xliff": work.appendingPathComponent("strings-xlf"), "po": work.appendingPathComponent("strings-po")]
    for (format, folder) in delivery { _ = spawn(tool, ["strings", "export", "--format", format, "--out-dir", folder.path, config.path]) }
    func files(_ format: String) -> [String] {
        let folder = delivery[format]!
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }
    let out = work.appendingPathComponent("strings-out")
    let measures: [(label: String, arguments: [String])] = [
        ("lint", ["lint", "--format", "compact", config.path]),
        ("export xliff", ["strings", "export", "--format", "xliff", "--out-dir", out.path, config.path]),
        ("export po", ["strings", "export", "--format", "po", "--out-dir", out.path, config.path]),
        ("import xliff", ["strings", "import", config.path] + files("xliff")),
        ("import po", ["strings", "import", config.path] + files("po")),
    ]
    // times[tool][measure]
    var times = Array(repeating: Array(repeating: [Double](), count: measures.count), count: tools.count)
    for _ in 0..<rounds {
        for (index, binary) in tools.enumerated() {
            for (measure, run) in measures.enumerated() {
                try? FileManager.default.removeItem(at: out)
                times[index][measure].append(spawn(binary, run.arguments).seconds)
            }
        }
    }
    func paired(_ index: Int, _ a: Int, _ b: Int) -> Double { Timing(samples: zip(times[index][a], times[index][b]).map { $0 / $1 }).median }
    func median(_ index: Int, _ a: Int) -> Double { Timing(samples: times[index][a]).median }
    let exportBound = Double(2 * bytes + 16 * 1_048_576), importBound = Double(2 * bytes + 32 * 1_048_576)
    var columns: [[String]] = []
    for index in tools.indices {
        var peaks: [Int] = []
        for run in measures {
            try? FileManager.default.removeItem(at: out)
            peaks.append(peakMemory(of: tools[index], run.arguments))
        }
        columns.append([
            "\(ratio(paired(index, 1, 0))) (\(ms(median(index, 1))) ÷ \(ms(median(index, 0))))",
            "\(ratio(paired(index, 2, 0))) (\(ms(median(index, 2))))",
            "\(ratio(Double(peaks[1]) / exportBound)) (\(mb(peaks[1])))",
            "\(ratio(Double(peaks[2]) / exportBound)) (\(mb(peaks[2])))",
            "\(ratio(paired(index, 3, 0))) (\(ms(median(index, 3))))",
            "\(ratio(paired(index, 4, 0))) (\(ms(median(index, 4))))",
            "\(ratio(Double(peaks[3]) / importBound)) (\(mb(peaks[3])))",
            "\(ratio(Double(peaks[4]) / importBound)) (\(mb(peaks[4])))",
            "\(mb(peaks[0]))",
        ])
    }
    let xliffBytes = files("xliff").reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    let keys = ConfigGenerator.keys(paths: paths), locales = files("xliff").count
    let rows = [
        ("`strings export` (XLIFF, \(locales) files) ÷ `lint` of the config", "≤ 5×"),
        ("`strings export --format po` ÷ `lint`", "≤ 5×"),
        ("peak of the XLIFF export ÷ (2 × config + 16 MiB)", "≤ 1×"),
        ("peak of the PO export ÷ (2 × config + 16 MiB)", "≤ 1×"),
        ("`strings import` of the \(locales) XLIFF files, unchanged ÷ `lint`", ""),
        ("`strings import` of the \(locales) PO files ÷ `lint`", ""),
        ("peak of the XLIFF import ÷ (2 × config + 32 MiB)", "≤ 1×"),
        ("peak of the PO import ÷ (2 × config + 32 MiB)", "≤ 1×"),
        ("peak of the `lint`", ""),
    ]
    print("\n## strings (issue 56; \(keys) keys × 32 locales, \(mb(bytes)) config, XLIFF files \(mb(xliffBytes)) in all; "
        + "whole processes, median of \(rounds) interleaved rounds, ratios round by round)\n")
    print("| ratio | " + (baseline == nil ? "" : "baseline | ") + "this build | target |")
    print("|---|" + (baseline == nil ? "" : "---|") + "---|---|")
    for (row, (label, target)) in rows.enumerated() {
        let cells = baseline == nil ? [columns[0][row]] : [columns[1][row], columns[0][row]]
        print("| \(label) | " + cells.joined(separator: " | ") + " | \(target) |")
    }
    for url in [config, out] + Array(delivery.values) { try? FileManager.default.removeItem(at: url) }
}
