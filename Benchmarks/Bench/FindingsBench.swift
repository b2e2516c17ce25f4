import CustomerCenterCompiler
import Foundation

// A run costs what it does, not what it could print (issue 57; docs/performance.md "Findings cost
// what is shown"): `lint` of a file with about 270,000 whitespace findings against the same file
// clean, `lint --fix` of it against its `lint` (and its peak memory against the file), `lint --fix`
// of 5,000 syntax fixes in one run, and `compile --out-dir` of the default config against its
// `lint`; whole processes, interleaved.

/// `configWithWhitespaceFixes(extra:)` without the defects: the same bytes but for the spaces.
func cleanConfig(extra: Int) -> String {
    configWithWhitespaceFixes(extra: extra).replacingOccurrences(of: "  \"", with: "\"")
}

/// A table of `members` strings, each after a line comment and with a trailing comma.
func configWithSyntaxFixes(members: Int) -> String {
    var table: [String] = []
    for index in 0..<members { table.append("      // string \(index)\n      \"s\(index)\": {\"en\": \"Text \(index)\",}") }
    return "{\n  \"localization\": {\n    \"default\": \"en\",\n    \"localized_strings\": {\n"
        + table.joined(separator: ",\n") + "\n    }\n  },\n  \"screens\": {}\n}\n"
}

func findingsBenchmarks(quick: Bool) {
    let rounds = quick ? 5 : 11
    let extra = 8_500
    let heavy = work.appendingPathComponent("findings-heavy.json"), clean = work.appendingPathComponent("findings-clean.json")
    let copy = work.appendingPathComponent("findings-copy.json")
    let heavyText = configWithWhitespaceFixes(extra: extra)
    try? heavyText.write(to: heavy, atomically: true, encoding: .utf8)
    try? cleanConfig(extra: extra).write(to: clean, atomically: true, encoding: .utf8)
    let syntax = work.appendingPathComponent("syntax-fixes.json"), syntaxCopy = work.appendingPathComponent("syntax-copy.json")
    try? configWithSyntaxFixes(members: 2_500).write(to: syntax, atomically: true, encoding: .utf8)
    let defaultURL = work.appendingPathComponent("default-findings.json"), outDir = work.appendingPathComponent("out")
    try? DefaultConfig.json().write(to: defaultURL, atomically: true, encoding: .utf8)

    func fresh(_ from: URL, _ to: URL) {
        try? FileManager.default.removeItem(at: to)
        try? FileManager.default.copyItem(at: from, to: to)
    }
    var times = Array(repeating: [Double](), count: 7)
    for _ in 0..<rounds {
        times[0].append(spawn(tool, ["lint", "--format", "compact", clean.path]).seconds)
        times[1].append(spawn(tool, ["lint", "--format", "compact", heavy.path]).seconds)
        fresh(heavy, copy)
        times[2].append(spawn(tool, ["lint", "--fix", "--format", "compact", copy.path]).seconds)
        times[3].append(spawn(tool, ["lint", "--format", "compact", syntax.path]).seconds)
        fresh(syntax, syntaxCopy)
        times[4].append(spawn(tool, ["lint", "--fix", "--format", "compact", syntaxCopy.path]).seconds)
        times[5].append(spawn(tool, ["lint", "--format", "compact", defaultURL.path]).seconds)
        try? FileManager.default.removeItem(at: outDir)
        times[6].append(spawn(tool, ["compile", "--out-dir", outDir.path, defaultURL.path]).seconds)
    }
    let median = times.map { Timing(samples: $0).median }
    fresh(heavy, copy)
    let fixPeak = peakMemory(["lint", "--fix", "--format", "compact", copy.path])
    let lintPeak = peakMemory(["lint", "--format", "compact", heavy.path])
    let bytes = heavyText.utf8.count
    let findings = extra * DefaultConfig.locales.count
    print("\n## Findings cost what is shown (whole process, median of \(rounds) interleaved rounds)\n")
    print("| run | wall | ÷ its reference | target |")
    print("|---|---|---|---|")
    print("| `lint` of \(mb(bytes)) with \(findings) whitespace findings ÷ the same file clean | \(ms(median[1])) | **\(ratio(median[1] / median[0]))** (clean \(ms(median[0]))) | ≤ 2× |")
    print("| `lint --fix` of it ÷ its `lint` | \(ms(median[2])) | **\(ratio(median[2] / median[1]))** | ≤ 1.5× |")
    print("| `lint --fix` of 5,000 syntax fixes (one run) ÷ its `lint` | \(ms(median[4])) | **\(ratio(median[4] / median[3]))** | |")
    print("| `compile --out-dir` of the default config (64 payloads) ÷ its `lint` | \(ms(median[6])) | **\(ratio(median[6] / median[5]))** | ≤ 2× |")
    let target = 2 * bytes + 16 * 1_048_576
    print("\nPeak RSS of `lint --fix` of the findings-heavy file: \(mb(fixPeak)) (÷ 2 × file + 16 MiB: **\(ratio(Double(fixPeak) / Double(target)))**; its `lint`: \(mb(lintPeak))).")
    for url in [heavy, clean, copy, syntax, syntaxCopy, defaultURL, outDir] { try? FileManager.default.removeItem(at: url) }
}
