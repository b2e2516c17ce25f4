import CustomerCenterCompiler
import Foundation

// Issue 57's targets in one table (docs/performance.md "The targets"): each ratio measured in one
// run, whole processes, interleaved round by round. `--targets-only --baseline DIR` measures a
// second build of the tool (DIR/customer-center, e.g. the commit before a change) in the same
// rounds, one column each.

/// Peak RSS of `binary arguments` through peak-rss, in bytes.
func peakMemory(of binary: URL, _ arguments: [String]) -> Int {
    let out = work.appendingPathComponent("peak-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: out) }
    _ = spawn(peakRSS, [binary.path] + arguments, output: out.path)
    let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    return (Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) * 1024
}

func targetBenchmarks(quick: Bool, baseline: URL?) {
    let rounds = quick ? 5 : 11
    let tools = [tool] + (baseline.map { [$0.appendingPathComponent("customer-center")] } ?? [])
    let extra = 8_500
    let heavy = work.appendingPathComponent("t-heavy.json"), clean = work.appendingPathComponent("t-clean.json")
    let copy = work.appendingPathComponent("t-copy.json"), defaultURL = work.appendingPathComponent("t-default.json")
    let big = work.appendingPathComponent("t-41mb.json"), outDir = work.appendingPathComponent("t-out")
    // Compiled into once before the rounds, then again each round from the same config: every
    // payload is already there (docs/commands.md: nothing is written again).
    let sameDir = work.appendingPathComponent("t-same")
    let heavyText = configWithWhitespaceFixes(extra: extra)
    try? heavyText.write(to: heavy, atomically: true, encoding: .utf8)
    try? cleanConfig(extra: extra).write(to: clean, atomically: true, encoding: .utf8)
    try? DefaultConfig.json().write(to: defaultURL, atomically: true, encoding: .utf8)
    try? ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: 41_000_000)).write(to: big, atomically: true, encoding: .utf8)
    let bigBytes = (try? FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int) ?? 0
    // Issue 56 item 7: the strings section's config (StringsBench.swift), exported into a new folder each round.
    let strings = work.appendingPathComponent("t-strings.json"), stringsOut = work.appendingPathComponent("t-strings-out")
    let stringsText = ConfigGenerator.config(paths: ConfigGenerator.paths(forKeys: 5_000))
    try? stringsText.write(to: strings, atomically: true, encoding: .utf8)
    let exports = ["xliff", "po"].map { ["strings", "export", "--format", $0, "--out-dir", stringsOut.path, strings.path] }
    func fresh() {
        try? FileManager.default.removeItem(at: copy)
        try? FileManager.default.copyItem(at: heavy, to: copy)
    }
    // times[tool][measure]
    let measures = ["clean", "heavy", "fix", "default", "compile", "big", "floor", "recompile", "strings lint", "export xliff", "export po"]
    var times = Array(repeating: Array(repeating: [Double](), count: measures.count), count: tools.count)
    var simd: [Double] = []
    var why = ""
    let sameDirs = tools.indices.map { sameDir.appendingPathComponent("\($0)").path }
    for (index, binary) in tools.enumerated() { _ = spawn(binary, ["compile", "--out-dir", sameDirs[index], defaultURL.path]) }
    for _ in 0..<rounds {
        for (index, binary) in tools.enumerated() {
            times[index][0].append(spawn(binary, ["lint", "--format", "compact", clean.path]).seconds)
            times[index][1].append(spawn(binary, ["lint", "--format", "compact", heavy.path]).seconds)
            fresh()
            times[index][2].append(spawn(binary, ["lint", "--fix", "--format", "compact", copy.path]).seconds)
            times[index][3].append(spawn(binary, ["lint", "--format", "compact", defaultURL.path]).seconds)
            try? FileManager.default.removeItem(at: outDir)
            times[index][4].append(spawn(binary, ["compile", "--out-dir", outDir.path, defaultURL.path]).seconds)
            times[index][5].append(spawn(binary, ["lint", "--format", "compact", big.path]).seconds)
            times[index][6].append(spawn(floor, []).seconds)
            times[index][7].append(spawn(binary, ["compile", "--out-dir", sameDirs[index], defaultURL.path]).seconds)
        }
        let parsed = simdjsonParse(big, runs: 3)
        if let seconds = parsed.seconds { simd.append(seconds) } else { why = parsed.why }
    }
    // The exports write 160 MB a round: in rounds of their own, so that the kernel writing those
    // pages back does not share the rounds (and the cores) of the rows above.
    for _ in 0..<rounds {
        for (index, binary) in tools.enumerated() {
            times[index][8].append(spawn(binary, ["lint", "--format", "compact", strings.path]).seconds)
            for (offset, export) in exports.enumerated() {
                try? FileManager.default.removeItem(at: stringsOut)
                times[index][9 + offset].append(spawn(binary, export).seconds)
            }
        }
    }
    // Round by round (each pair a few milliseconds apart), then the median of those ratios.
    func paired(_ index: Int, _ a: Int, _ b: Int) -> Double { Timing(samples: zip(times[index][a], times[index][b]).map { $0 / $1 }).median }
    func median(_ index: Int, _ a: Int) -> Double { Timing(samples: times[index][a]).median }
    var columns: [[String]] = []
    for index in tools.indices {
        fresh()
        let fixPeak = peakMemory(of: tools[index], ["lint", "--fix", "--format", "compact", copy.path])
        let bigPeak = peakMemory(of: tools[index], ["lint", "--format", "compact", big.path])
        let exportPeaks = exports.map { export in
            try? FileManager.default.removeItem(at: stringsOut)
            return peakMemory(of: tools[index], export)
        }
        let exportBound = Double(2 * stringsText.utf8.count + 16 * 1_048_576)
        let simdRatio = simd.isEmpty ? "not measured: \(why)" : ratio(Timing(samples: zip(times[index][5], simd).map { $0 / $1 }).median)
        columns.append([
            "\(ratio(paired(index, 1, 0))) (\(ms(median(index, 1))) ÷ \(ms(median(index, 0))))",
            "\(ratio(paired(index, 2, 1))) (\(ms(median(index, 2))))",
            "\(ratio(Double(fixPeak) / Double(2 * heavyText.utf8.count + 16 * 1_048_576))) (\(mb(fixPeak)))",
            "\(ratio(paired(index, 4, 3))) (\(ms(median(index, 4))) ÷ \(ms(median(index, 3))))",
            "\(simdRatio) (\(ms(median(index, 5))))",
            "\(ratio(Double(bigPeak) / (1.5 * Double(bigBytes) + 16 * 1_048_576))) (\(mb(bigPeak)))",
            "\(ratio(paired(index, 3, 6))) (\(ms(median(index, 3))) ÷ \(ms(median(index, 6))))",
            "\(ratio(paired(index, 7, 3))) (\(ms(median(index, 7))) ÷ \(ms(median(index, 3))))",
            "\(ratio(paired(index, 9, 8))) (\(ms(median(index, 9))) ÷ \(ms(median(index, 8))))",
            "\(ratio(paired(index, 10, 8))) (\(ms(median(index, 10))))",
            "\(ratio(Double(exportPeaks[0]) / exportBound)) (\(mb(exportPeaks[0])))",
            "\(ratio(Double(exportPeaks[1]) / exportBound)) (\(mb(exportPeaks[1])))",
        ])
    }
    let rows = [
        ("`lint` of \(mb(heavyText.utf8.count)) with \(extra * DefaultConfig.locales.count) findings ÷ the same file clean", "≤ 2×"),
        ("`lint --fix` of it ÷ its `lint`", "≤ 1.5×"),
        ("peak of that `--fix` ÷ (2 × file + 16 MiB)", "≤ 1×"),
        ("`compile --out-dir` of the default config ÷ its `lint`", "≤ 2×"),
        ("`lint` of the \(mb(bigBytes)) config ÷ simdjson's parse of it", "≤ 5×"),
        ("peak of that `lint` ÷ (1.5 × file + 16 MiB)", "≤ 1×"),
        ("`lint` of the default config ÷ a Swift hello-world process built the same way (`swift build -c release`; the release build: `--start-only`)", "≤ 1.5×"),
        ("`compile --out-dir` of it again into the same folder, the config unchanged, ÷ its `lint`", "(no target)"),
        ("`strings export` of \(mb(stringsText.utf8.count)) (5,000 keys × 32 locales, XLIFF) ÷ its `lint` (issue 56)", "≤ 5×"),
        ("`strings export --format po` of it ÷ its `lint`", "≤ 5×"),
        ("peak of that XLIFF export ÷ (2 × config + 16 MiB)", "≤ 1×"),
        ("peak of that PO export ÷ (2 × config + 16 MiB)", "≤ 1×"),
    ]
    print("\n## The targets (issue 57; whole processes, median of \(rounds) interleaved rounds, ratios round by round)\n")
    print("| ratio | " + (baseline == nil ? "" : "baseline | ") + "this build | target |")
    print("|---|" + (baseline == nil ? "" : "---|") + "---|---|")
    for (row, (label, target)) in rows.enumerated() {
        let cells = baseline == nil ? [columns[0][row]] : [columns[1][row], columns[0][row]]
        print("| \(label) | " + cells.joined(separator: " | ") + " | \(target) |")
    }
    print("\nsimdjson: the median of 3 parses in one Python process (pysimdjson), each round; the keystroke targets are in `--lsp-only`.")
    for url in [heavy, clean, copy, defaultURL, big, outDir, sameDir, strings, stringsOut] { try? FileManager.default.removeItem(at: url) }
}
