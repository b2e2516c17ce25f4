import CustomerCenterCompiler
import Foundation

// Fixes in linear time (issue 42 item 1; docs/performance.md "Fixes in linear time"): `lint --fix`
// of the default config plus N extra strings, each with trailing double spaces in its 32 locales
// (32 `l10n.whitespace` fixes a string), against `lint` of the same file, as whole processes,
// interleaved. Each `--fix` rewrites a fresh copy. Linear fixing keeps the ratio and the time per
// fix flat as N grows (the quadratic fixer took 0.94 s at 1,000, 5.0 s at 2,000, 16.4 s at 4,000).

/// The default config with `extra` more strings in `localized_strings`, each text ending in two spaces.
func configWithWhitespaceFixes(extra: Int) -> String {
    let config = DefaultConfig.json()
    guard let table = config.range(of: "\"localized_strings\": {") else { fatalError("the default config has no localized_strings") }
    var strings = ""
    strings.reserveCapacity(extra * 32 * 26)
    for index in 0..<extra {
        strings += "\n      \"extra_\(index)\": {"
        strings += DefaultConfig.locales.map { "\"\($0)\": \"Extra \(index)  \"" }.joined(separator: ", ")
        strings += "},"
    }
    return String(config[..<table.upperBound]) + strings + String(config[table.upperBound...])
}

func fixBenchmarks(quick: Bool) {
    print("\n## Fixes in linear time: `lint --fix` against `lint` of the same file (whole process)\n")
    print("| extra strings | size | fixes | lint | lint --fix | fix ÷ lint | per 1,000 fixes | N |")
    print("|---|---|---|---|---|---|---|---|")
    for extra in quick ? [1_000, 4_000] : [1_000, 4_000, 16_000, 60_000] {
        let text = configWithWhitespaceFixes(extra: extra)
        let original = work.appendingPathComponent("fixes-\(extra).json"), copy = work.appendingPathComponent("fixes-\(extra)-copy.json")
        try? text.write(to: original, atomically: true, encoding: .utf8)
        let rounds = extra >= 16_000 ? 3 : (quick ? 3 : 5)
        var lintRuns: [Double] = [], fixRuns: [Double] = []
        var fixed = ""
        for _ in 0..<rounds {
            lintRuns.append(spawn(tool, ["lint", "--format", "compact", original.path]).seconds)
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.copyItem(at: original, to: copy)
            fixRuns.append(spawn(tool, ["lint", "--fix", "--format", "compact", copy.path]).seconds)
            fixed = (try? String(contentsOf: copy, encoding: .utf8)) ?? ""
        }
        guard !fixed.contains(#"  ", "#), !fixed.contains(#"  "}"#), fixed.count < text.count else {
            print("`lint --fix` left a trailing space in \(copy.path)")
            try? FileManager.default.removeItem(at: work)
            exit(1)
        }
        let (lint, fix) = (Timing(samples: lintRuns).median, Timing(samples: fixRuns).median)
        let fixes = extra * DefaultConfig.locales.count
        print("| \(extra) | \(mb(text.utf8.count)) | \(fixes) | \(ms(lint)) | \(ms(fix)) | **\(ratio(fix / lint))** | \(ms(fix / Double(fixes) * 1000)) | \(rounds) |")
        try? FileManager.default.removeItem(at: original)
        try? FileManager.default.removeItem(at: copy)
    }
    print("\nTarget: the 60,000-string file (1.9 million fixes) fixed in at most 3× its `lint`; the time per fix flat.")
}
