import CustomerCenterCompiler
import Foundation

// `preview --check --png DIR --locale all` of the default config in one browser process (its
// DevTools pipe) against one browser run per screenshot (CUSTOMER_CENTER_BROWSER_PIPE=0, the
// way before issue 42 item 5): whole processes, interleaved, so the machine's noise hits both
// alike (docs/performance.md "preview --check, one browser"). Needs a headless Chromium on PATH.
func previewBenchmarks(quick: Bool) {
    print("\n## preview --check --png DIR --locale all: one browser process against one per screenshot (whole process, median of interleaved runs)\n")
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let found = ["chromium-headless-shell", "chromium"].contains { name in
        path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
    guard found else {
        print("skipped: no chromium-headless-shell or chromium on PATH")
        return
    }
    let config = work.appendingPathComponent("preview-default.json")
    try? DefaultConfig.json().write(to: config, atomically: true, encoding: .utf8)
    let runs = quick ? 1 : 3
    var times: [[Double]] = [[], []]
    var screenshots = 0
    for _ in 0..<runs {
        for (index, pipe) in ["1", "0"].enumerated() {
            let folder = work.appendingPathComponent("png-\(pipe)")
            try? FileManager.default.removeItem(at: folder)
            setenv("CUSTOMER_CENTER_BROWSER_PIPE", pipe, 1)
            let run = spawn(tool, ["preview", "--check", "--format", "compact", "--png", folder.path, "--locale", "all", config.path])
            unsetenv("CUSTOMER_CENTER_BROWSER_PIPE")
            let saved = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).count) ?? 0
            guard run.status == 0, saved > 0, screenshots == 0 || saved == screenshots else {
                print("preview --check failed (exit \(run.status), \(saved) screenshots); not timed")
                return
            }
            screenshots = saved
            times[index].append(run.seconds)
            try? FileManager.default.removeItem(at: folder)
        }
    }
    let (one, each) = (times[0].sorted()[runs / 2], times[1].sorted()[runs / 2])
    print("| way | screenshots | browser starts | wall | ÷ one process |")
    print("|---|---|---|---|---|")
    print("| one browser process, DevTools pipe | \(screenshots) | 1 | \(ms(one)) | 1.00× |")
    print("| one run per screenshot (`CUSTOMER_CENTER_BROWSER_PIPE=0`) | \(screenshots) | \(screenshots + 1) | \(ms(each)) | **\(ratio(each / one))** |")
    print("\n\(runs) run(s) each, interleaved; spread (max - min) ÷ median: \(spread(times[0])) one process, \(spread(times[1])) per screenshot")
}

private func spread(_ samples: [Double]) -> String {
    String(format: "%.0f%%", (samples.max()! - samples.min()!) / samples.sorted()[samples.count / 2] * 100)
}
