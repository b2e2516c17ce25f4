import CustomerCenterCompiler
import Foundation
import JSONSyntax
import PlatformLayer

// customer-center benchmarks, from Benchmarks/ (docs/performance.md): `swift build -c release`, then
// `swift build -c release --product customer-center`, then `.build/release/customer-center-bench [--quick]`.
// Everything is measured side by side in one run, on this machine, and reported as ratios first.

let quick = CommandLine.arguments.contains("--quick")
// `--lsp-profile SCENARIO [N]`: one language server scenario, for an instruction count (LanguageServerProfile.swift).
if let index = CommandLine.arguments.firstIndex(of: "--lsp-profile") {
    languageServerProfile(Array(CommandLine.arguments[(index + 1)...]))
    exit(0)
}
// `--lsp-only`: just the language server section.
if CommandLine.arguments.contains("--lsp-only") {
    languageServerBenchmarks(quick: quick)
    exit(0)
}
// `--fix-only`: just the fixes section (FixBench.swift), after the set-up below.
let fixOnly = CommandLine.arguments.contains("--fix-only")
let manyOnly = CommandLine.arguments.contains("--many-files-only")
// `--preview-only`: just `preview --check --png` in one browser process against one per screenshot (PreviewBench.swift).
let previewOnly = CommandLine.arguments.contains("--preview-only")
// `--generate BYTES FILE`: write a generated config of about BYTES bytes and exit (for profiling).
if let index = CommandLine.arguments.firstIndex(of: "--generate"), index + 2 < CommandLine.arguments.count,
   let bytes = Int(CommandLine.arguments[index + 1]) {
    try ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: bytes)).write(toFile: CommandLine.arguments[index + 2], atomically: true, encoding: .utf8)
    exit(0)
}
// `--generate-script SCRIPT PATHS FILE`: the generated config of PATHS paths with its texts in SCRIPT
// (ASCII, Japanese, Arabic, Cyrillic).
if let index = CommandLine.arguments.firstIndex(of: "--generate-script"), index + 3 < CommandLine.arguments.count,
   let script = ConfigGenerator.Script(rawValue: CommandLine.arguments[index + 1]), let paths = Int(CommandLine.arguments[index + 2]) {
    try ConfigGenerator.config(paths: paths, script: script).write(toFile: CommandLine.arguments[index + 3], atomically: true, encoding: .utf8)
    exit(0)
}
// `--jsonserialization FILE`: read FILE and parse it with Foundation's JSONSerialization, nothing
// else (the whole-process yardstick of the 4 MB lint below).
if let index = CommandLine.arguments.firstIndex(of: "--jsonserialization"), index + 1 < CommandLine.arguments.count {
    let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[index + 1]))
    exit(((try? JSONSerialization.jsonObject(with: data)) != nil) ? 0 : 1)
}
// `--generate-findings KEYS FILE`, `--generate-tiny-keys KEYS FILE`, `--generate-text BYTES FILE`:
// the one-line finding-heavy export, the table of tiny keys and the mostly non-ASCII table of the
// tables below.
for (flag, make) in [("--generate-findings", { ConfigGenerator.minifiedWithFindings(keys: $0) }),
                     ("--generate-tiny-keys", { ConfigGenerator.tinyKeys(keys: $0) }),
                     ("--generate-text", { ConfigGenerator.textHeavy(bytes: $0, sample: "いつでも購読をキャンセルできます。Kündigen Sie jederzeit ") })] as [(String, (Int) -> String)] {
    if let index = CommandLine.arguments.firstIndex(of: flag), index + 2 < CommandLine.arguments.count, let size = Int(CommandLine.arguments[index + 1]) {
        // `--generate-findings` counts keys (about 680 bytes each, 60,000 make 41 MB), not bytes:
        // a byte count there would ask for gigabytes.
        if flag == "--generate-findings", size > 1_000_000 {
            print("--generate-findings takes a number of keys (about 680 bytes each; 60000 make about 41 MB), not bytes: \(size) is too many")
            exit(2)
        }
        try make(size).write(toFile: CommandLine.arguments[index + 2], atomically: true, encoding: .utf8)
        exit(0)
    }
}
let binaryDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let work = FileManager.default.temporaryDirectory.appendingPathComponent("cc-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Median and spread (min…max) of `iterations` runs, in seconds.
struct Timing {
    var samples: [Double]
    var median: Double { samples.sorted()[samples.count / 2] }
    var spread: String { String(format: "%.0f%%", (samples.max()! - samples.min()!) / median * 100) }
}

func measure(_ iterations: Int, _ body: () -> Void) -> Timing {
    body()  // warm-up
    return Timing(samples: (0..<iterations).map { _ in
        let start = now()
        body()
        return now() - start
    })
}

/// Runs the contenders in turn, `iterations` rounds, so that machine noise (another process on
/// the other core) hits them all alike; one timing per contender.
func measureInterleaved(_ iterations: Int, _ contenders: [() -> Void]) -> [Timing] {
    contenders.forEach { $0() }  // warm-up
    var samples = Array(repeating: [Double](), count: contenders.count)
    for _ in 0..<iterations {
        for (index, body) in contenders.enumerated() {
            let start = now()
            body()
            samples[index].append(now() - start)
        }
    }
    return samples.map(Timing.init)
}

/// Runs a binary to completion and returns its wall time (and exit status).
/// Its standard output goes to `output` when given (else /dev/null).
func spawn(_ executable: URL, _ arguments: [String], output: String? = nil) -> (seconds: Double, maxRSS: Int, status: Int32) {
    let actions = OS.SpawnActions()
    actions.open(1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
    actions.open(2, "/dev/null", O_WRONLY)
    let start = now()
    guard let pid = OS.spawn(executable.path, arguments, actions: actions) else { fatalError("cannot run \(executable.path)") }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return (now() - start, OS.peakMemoryBytes(usage), (status >> 8) & 0xFF)
}

func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
func ms(_ seconds: Double) -> String { seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.1f ms", seconds * 1000) }
func ratio(_ x: Double) -> String { String(format: "%.2f×", x) }

let tool = binaryDirectory.appendingPathComponent("customer-center")
let floor = binaryDirectory.appendingPathComponent("startup-floor")
let peakRSS = binaryDirectory.appendingPathComponent("peak-rss")
for binary in [tool, floor, peakRSS] where !FileManager.default.isExecutableFile(atPath: binary.path) {
    print("missing \(binary.path): in Benchmarks/, run `swift build -c release` and `swift build -c release --product customer-center` first"); exit(1)
}

if manyOnly {
    manyFilesBenchmarks(quick: quick)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}
if previewOnly {
    previewBenchmarks(quick: quick)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}
if CommandLine.arguments.contains("--reader-only") {
    readerBenchmarks(quick: quick)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}
// `--targets-only [--baseline DIR]`: issue 57's target ratios in one table (TargetsBench.swift),
// DIR/customer-center measured in the same rounds.
if CommandLine.arguments.contains("--targets-only") {
    let baseline = CommandLine.arguments.firstIndex(of: "--baseline").flatMap { index in
        index + 1 < CommandLine.arguments.count ? URL(fileURLWithPath: CommandLine.arguments[index + 1]) : nil
    }
    targetBenchmarks(quick: quick, baseline: baseline)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}
// `--start-only [--baseline DIR] [--release-build DIR]`: `lint` of the default config against a
// hello-world built the same way: the source build, another one, a release build (StartBench.swift).
if CommandLine.arguments.contains("--start-only") {
    func folder(after flag: String) -> URL? {
        CommandLine.arguments.firstIndex(of: flag).flatMap { index in
            index + 1 < CommandLine.arguments.count ? URL(fileURLWithPath: CommandLine.arguments[index + 1]) : nil
        }
    }
    startBenchmarks(quick: quick, baseline: folder(after: "--baseline"), releaseBuild: folder(after: "--release-build"))
    try? FileManager.default.removeItem(at: work)
    exit(0)
}
// `--strings-only [--baseline DIR]`: `strings export` and `strings import` of 5,000 keys × 32 locales against `lint` (StringsBench.swift).
if CommandLine.arguments.contains("--strings-only") {
    let baseline = CommandLine.arguments.firstIndex(of: "--baseline").flatMap { index in
        index + 1 < CommandLine.arguments.count ? URL(fileURLWithPath: CommandLine.arguments[index + 1]) : nil
    }
    stringsBenchmarks(quick: quick, baseline: baseline)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}
// `--findings-only`: findings-heavy against clean, `--fix` of it, syntax fixes, `compile --out-dir` (FindingsBench.swift).
if CommandLine.arguments.contains("--findings-only") {
    findingsBenchmarks(quick: quick)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}
if fixOnly {
    fixBenchmarks(quick: quick)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}

// The inputs. Every generated config must lint clean, or we would be timing diagnostics.
let targets: [(String, Int)] = quick
    ? [("10 KB", 10_000), ("150 KB", 150_000), ("4 MB", 4_000_000)]
    : [("10 KB", 10_000), ("150 KB", 150_000), ("400 KB", 400_000), ("4 MB", 4_000_000), ("40 MB", 40_000_000)]
var inputs: [(label: String, url: URL, bytes: [UInt8])] = []
for (label, size) in targets {
    let text = ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: size))
    let url = work.appendingPathComponent("config-\(size).json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    inputs.append((label, url, Array(text.utf8)))
}
// The other shapes the targets name, at 4 MB (and 40 MB for memory in a full run): a one-line
// dashboard export full of findings in mostly non-ASCII text, and a table of mostly Japanese text.
var shapedInputs: [(label: String, url: URL, bytes: [UInt8])] = []
for (label, text) in [
    ("4 MB finding-heavy, one line", ConfigGenerator.minifiedWithFindings(keys: 5_000)),
    ("4 MB mostly non-ASCII", ConfigGenerator.textHeavy(bytes: 4_000_000, sample: "いつでも購読をキャンセルできます。Kündigen Sie jederzeit ")),
] + (quick ? [] : [("38 MB finding-heavy, one line", ConfigGenerator.minifiedWithFindings(keys: 56_000))]) {
    let url = work.appendingPathComponent("shaped-\(shapedInputs.count).json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    shapedInputs.append((label, url, Array(text.utf8)))
}
let check = Linter.lint(SourceFile(path: "check", bytes: inputs[1].bytes))
guard check.diagnostics.isEmpty else { print("generated config is not lint-clean: \(check.diagnostics.prefix(3).map(\.message))"); exit(1) }

print("# customer-center benchmarks\n")
print("Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(mb(Int(ProcessInfo.processInfo.physicalMemory))) RAM. Release build. Median of N runs; spread = (max - min) / median.\n")

// 1. Throughput against Foundation's JSONSerialization on the same bytes.
print("## Parse and lint vs JSONSerialization\n")
print("| input | lint ÷ JSONSerialization | parse ÷ JSONSerialization | JSONSerialization | parse only | full lint | lint MB/s | N | spread (lint) |")
print("|---|---|---|---|---|---|---|---|---|")
var perMB: [(String, Double)] = []
for input in inputs {
    let n = input.bytes.count > 10_000_000 ? 3 : (input.bytes.count > 1_000_000 ? 5 : (quick ? 10 : 30))
    let data = Data(input.bytes)
    let timings = measureInterleaved(n, [
        { _ = try? JSONSerialization.jsonObject(with: data) },
        { _ = JSONParser.parseTape(input.bytes) },
        { _ = Linter.lint(SourceFile(path: "bench.json", bytes: input.bytes)) },
    ])
    let (foundation, parse, lint) = (timings[0], timings[1], timings[2])
    let megabytes = Double(input.bytes.count) / 1_048_576
    perMB.append((input.label, lint.median / megabytes))
    print("| \(input.label) (\(mb(input.bytes.count))) | **\(ratio(lint.median / foundation.median))** | \(ratio(parse.median / foundation.median)) | \(ms(foundation.median)) | \(ms(parse.median)) | \(ms(lint.median)) | \(String(format: "%.1f", megabytes / lint.median)) | \(n) | \(lint.spread) |")
}
for input in shapedInputs where input.bytes.count < 10_000_000 {
    let data = Data(input.bytes)
    let timings = measureInterleaved(5, [
        { _ = try? JSONSerialization.jsonObject(with: data) },
        { _ = JSONParser.parseTape(input.bytes) },
        { _ = Linter.lint(SourceFile(path: "bench.json", bytes: input.bytes)) },
    ])
    let (foundation, parse, lint) = (timings[0], timings[1], timings[2])
    let megabytes = Double(input.bytes.count) / 1_048_576
    print("| \(input.label) (\(mb(input.bytes.count))) | **\(ratio(lint.median / foundation.median))** | \(ratio(parse.median / foundation.median)) | \(ms(foundation.median)) | \(ms(parse.median)) | \(ms(lint.median)) | \(String(format: "%.1f", megabytes / lint.median)) | 5 | \(lint.spread) |")
}

// 2. Scaling: time per MB should not grow with size.
print("\n## Scaling (full lint, time per MB)\n")
print("| input | time per MB | ÷ smallest ≥ 400 KB |")
print("|---|---|---|")
let base = perMB.first { $0.0 == "400 KB" }?.1 ?? perMB.last!.1
for (label, value) in perMB { print("| \(label) | \(ms(value)) | \(ratio(value / base)) |") }

// 2b. Non-ASCII text costs what ASCII text costs, per byte (the 32-locale tables are mostly
// CJK, Arabic, Cyrillic, accented Latin).
print("\n## Mostly non-ASCII vs ASCII text, per byte (4 MB each)\n")
print("| stage | ASCII per MB | non-ASCII per MB | non-ASCII ÷ ASCII |")
print("|---|---|---|---|")
let asciiConfig = Array(ConfigGenerator.textHeavy(bytes: 4_000_000, sample: "Cancel your subscription at any time ").utf8)
let wideConfig = Array(ConfigGenerator.textHeavy(bytes: 4_000_000, sample: "いつでも購読をキャンセルできます。Kündigen Sie jederzeit ").utf8)
let wideTimings = measureInterleaved(quick ? 3 : 5, [
    { _ = JSONParser.parseTape(asciiConfig) },
    { _ = JSONParser.parseTape(wideConfig) },
    { _ = Linter.lint(SourceFile(path: "a.json", bytes: asciiConfig)) },
    { _ = Linter.lint(SourceFile(path: "w.json", bytes: wideConfig)) },
])
for (stage, a, w) in [("parse", wideTimings[0], wideTimings[1]), ("parse + lint", wideTimings[2], wideTimings[3])] {
    let perA = a.median / (Double(asciiConfig.count) / 1_048_576), perW = w.median / (Double(wideConfig.count) / 1_048_576)
    print("| \(stage) | \(ms(perA)) | \(ms(perW)) | **\(ratio(perW / perA))** |")
}

// 2b'. The same generated config with its texts in other scripts, letter for letter (docs/performance.md,
// "Other figures of a full run"): time per byte of the whole process against the ASCII config's, and of
// the lint in process.
print("\n## Text in any script: the same config, per byte (whole process and in process)\n")
let scriptPaths = 509  // 1,120 keys in 32 locales: about 1.4 MB in ASCII
var scriptInputs: [(script: ConfigGenerator.Script, url: URL, bytes: [UInt8])] = []
for script in ConfigGenerator.Script.allCases {
    let text = ConfigGenerator.config(paths: scriptPaths, script: script)
    let url = work.appendingPathComponent("script-\(script.rawValue).json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    let bytes = Array(text.utf8)
    let found = Linter.lint(SourceFile(path: "s", bytes: bytes)).diagnostics
    guard found.isEmpty else { print("the \(script.rawValue) config is not lint-clean: \(found.prefix(3).map(\.message))"); exit(1) }
    scriptInputs.append((script, url, bytes))
}
let scriptRounds = quick ? 7 : 21
var scriptProcess = Array(repeating: [Double](), count: scriptInputs.count)
for _ in 0..<scriptRounds {
    for (index, input) in scriptInputs.enumerated() {
        scriptProcess[index].append(spawn(tool, ["lint", "--format", "compact", input.url.path]).seconds)
    }
}
let scriptInProcess = measureInterleaved(quick ? 5 : 15, scriptInputs.map { input in { _ = Linter.lint(SourceFile(path: "s.json", bytes: input.bytes)) } })
print("| texts | size | whole process | per MB | ÷ ASCII per byte | in process | per MB | ÷ ASCII per byte |")
print("|---|---|---|---|---|---|---|---|")
let asciiMB = Double(scriptInputs[0].bytes.count) / 1_048_576
let asciiProcess = Timing(samples: scriptProcess[0]).median / asciiMB, asciiInProcess = scriptInProcess[0].median / asciiMB
for (index, input) in scriptInputs.enumerated() {
    let megabytes = Double(input.bytes.count) / 1_048_576
    let process = Timing(samples: scriptProcess[index]).median, inProcess = scriptInProcess[index].median
    print("| \(input.script.rawValue) | \(mb(input.bytes.count)) | \(ms(process)) | \(ms(process / megabytes)) | **\(ratio(process / megabytes / asciiProcess))** | \(ms(inProcess)) | \(ms(inProcess / megabytes)) | \(ratio(inProcess / megabytes / asciiInProcess)) |")
}
print("\nSame config, \(scriptPaths) paths; whole process: median of \(scriptRounds) interleaved runs of `lint --format compact`.")

// 2c. Format (parse, then write the canonical form) per size, in process.
print("\n## Format (in process)\n")
print("| input | time | MB/s |")
print("|---|---|---|")
for input in inputs + shapedInputs where input.bytes.count < 10_000_000 || !quick {
    let source = SourceFile(path: "f.json", bytes: input.bytes)
    let timing = measure(input.bytes.count > 10_000_000 ? 3 : (input.bytes.count > 1_000_000 ? 5 : 10)) { _ = Formatter.format(source) }
    print("| \(input.label) | \(ms(timing.median)) | \(String(format: "%.1f", Double(input.bytes.count) / 1_048_576 / timing.median)) |")
}

// 3. Compile every platform and locale.
print("\n## Compile (every platform × locale)\n")
print("| input | payloads | time | per payload |")
print("|---|---|---|---|")
let defaultConfig = Array(DefaultConfig.json().utf8)
for (label, bytes) in [("default config (\(mb(defaultConfig.count)))", defaultConfig), ("150 KB generated", inputs[1].bytes)] {
    var count = 0
    let timing = measure(quick ? 3 : 10) {
        count = Workspace().run(Compile(SourceFile(path: "c", bytes: bytes), lintOptions: LintOptions(platforms: [.ios, .android]))).payloads?.count ?? 0
    }
    print("| \(label) | \(count) | \(ms(timing.median)) | \(ms(timing.median / Double(max(count, 1)))) |")
}

// 4. Whole process: lint of the default config against a binary that only prints one line.
let defaultURL = work.appendingPathComponent("default.json")
try Data(defaultConfig).write(to: defaultURL)
let runs = quick ? 15 : 41
// Interleaved, so noise from the rest of the machine hits the three alike.
var floorTimes: [Double] = [], lintTimes: [Double] = [], stdinTimes: [Double] = []
for _ in 0..<runs {
    floorTimes.append(spawn(floor, []).seconds)
    lintTimes.append(spawn(tool, ["lint", "--format", "compact", defaultURL.path]).seconds)
    stdinTimes.append(spawn(tool, ["lint", "--format", "compact", "--stdin-filename", "x.json", defaultURL.path]).seconds)
}
floorTimes.sort(); lintTimes.sort(); stdinTimes.sort()
print("\n## Whole process (start-up included), median of \(runs)\n")
print("| command | time | ÷ start-up floor |")
print("|---|---|---|")
print("| trivial Swift binary printing one line | \(ms(floorTimes[runs / 2])) | 1.00× |")
print("| `customer-center lint` default config (\(mb(defaultConfig.count))) | \(ms(lintTimes[runs / 2])) | **\(ratio(lintTimes[runs / 2] / floorTimes[runs / 2]))** |")
print("| same, with `--stdin-filename` as editors pass it | \(ms(stdinTimes[runs / 2])) | \(ratio(stdinTimes[runs / 2] / floorTimes[runs / 2])) |")

// 4'. The 4 MB lint against JSONSerialization as whole processes: start-up, reading the file and
// output included on both sides (this binary parses with JSONSerialization and exits).
if let fourMB = inputs.first(where: { $0.label == "4 MB" }) {
    let rounds = quick ? 7 : 15
    var lintRuns: [Double] = [], foundationRuns: [Double] = []
    let bench = URL(fileURLWithPath: CommandLine.arguments[0])
    for _ in 0..<rounds {
        foundationRuns.append(spawn(bench, ["--jsonserialization", fourMB.url.path]).seconds)
        lintRuns.append(spawn(tool, ["lint", "--format", "json", fourMB.url.path]).seconds)
    }
    let data = Data(fourMB.bytes)
    let inProcess = measureInterleaved(5, [
        { _ = try? JSONSerialization.jsonObject(with: data) },
        { _ = Linter.lint(SourceFile(path: "bench.json", bytes: fourMB.bytes)) },
    ])
    let (lint, foundation) = (Timing(samples: lintRuns).median, Timing(samples: foundationRuns).median)
    print("\n## Lint of 4 MB against JSONSerialization: in process and whole process\n")
    print("| measured | lint | JSONSerialization | lint ÷ JSONSerialization |")
    print("|---|---|---|---|")
    print("| in process (parse + lint; parse) | \(ms(inProcess[1].median)) | \(ms(inProcess[0].median)) | **\(ratio(inProcess[1].median / inProcess[0].median))** |")
    print("| whole process (`lint --format json FILE`; read + parse) | \(ms(lint)) | \(ms(foundation)) | **\(ratio(lint / foundation))** |")
    print("\nWhole process: median of \(rounds) interleaved runs of each.")
}

// 4a. Output that scales: a minified (one-line) config full of findings and non-ASCII text, as a
// dashboard export often is. The human format must cost about what the one-line format does.
print("\n## Human output on minified, finding-heavy configs (whole process, median of interleaved runs)\n")
print("| input | findings | compact | human | human ÷ compact |")
print("|---|---|---|---|---|")
for (label, keys) in [("400 KB one line", 500), ("4 MB one line", 5_000)] {
    let text = ConfigGenerator.minifiedWithFindings(keys: keys)
    let url = work.appendingPathComponent("minified-\(keys).json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    let findings = Linter.lint(SourceFile(path: "m", bytes: Array(text.utf8))).diagnostics.count
    let rounds = quick ? 3 : 7
    var compactTimes: [Double] = [], humanTimes: [Double] = []
    for _ in 0..<rounds {
        compactTimes.append(spawn(tool, ["lint", "--format", "compact", url.path]).seconds)
        humanTimes.append(spawn(tool, ["lint", "--format", "human", url.path]).seconds)
    }
    compactTimes.sort(); humanTimes.sort()
    let (compact, human) = (compactTimes[rounds / 2], humanTimes[rounds / 2])
    print("| \(label) (\(mb(text.utf8.count))) | \(findings) | \(ms(compact)) | \(ms(human)) | **\(ratio(human / compact))** |")
}

// 4b. Deterministic work per byte: instruction counts (callgrind) do not depend on machine noise,
// so a quadratic path would show as a growing count per byte.
let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { FileManager.default.isExecutableFile(atPath: $0) }
if let valgrind {
    print("\n## Instructions per input byte (callgrind, whole process)\n")
    print("| input | instructions | per byte |")
    print("|---|---|---|")
    // A full run goes to 40 MB (a few minutes under callgrind): the count per byte must stay flat.
    for input in inputs + shapedInputs where quick ? input.bytes.count <= 5_000_000 : true {
        let out = work.appendingPathComponent("callgrind.out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=\(out.path)", tool.path, "lint", "--format", "compact", input.url.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let count = log.split(separator: "\n").first { $0.contains("Collected") }
            .flatMap { Int($0.split(separator: " ").last.map { $0.replacingOccurrences(of: ",", with: "") } ?? "") } ?? 0
        print("| \(input.label) | \(count) | \(count / max(1, input.bytes.count)) |")
    }
}

// 5. Peak memory of the whole process against the target 2 × input + 16 MB (the earlier budget,
// 4 × input + 16 MB, is shown beside it).
print("\n## Peak memory (whole process, max RSS)\n")
print("| input | peak RSS | target (2 × input + 16 MB) | ÷ target | ÷ earlier budget (4 × input + 16 MB) | ÷ input |")
print("|---|---|---|---|---|---|")
/// Peak RSS of `tool arguments`, measured by the tiny `peak-rss` helper (see its comment).
func peakMemory(_ arguments: [String]) -> Int {
    let pipe = Pipe()
    let process = Process()
    process.executableURL = peakRSS
    process.arguments = [tool.path] + arguments
    process.standardOutput = pipe
    try? process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) * 1024
}
let empty = peakMemory(["--version"])
for input in inputs + shapedInputs {
    let peak = peakMemory(["lint", "--format", "compact", input.url.path])
    let target = 2 * input.bytes.count + 16 * 1_048_576, budget = 4 * input.bytes.count + 16 * 1_048_576
    print("| \(input.label) | \(mb(peak)) | \(mb(target)) | **\(ratio(Double(peak) / Double(target)))** | \(ratio(Double(peak) / Double(budget))) | \(ratio(Double(peak) / Double(input.bytes.count))) |")
}
print("\nThe process alone (`--version`) peaks at \(mb(empty)).")

// 5a. Exact counts in bounded memory (docs/performance.md; docs/commands.md, "Counts are exact"): the one-line
// export full of findings, every finding counted (500 of a rule shown), in each output format.
// The output is linear in the input plus the findings: its bytes per finding shown stay flat
// from the small export to the large one, and so does the time per MB.
print("\n## Exact counts in bounded memory: finding-heavy exports, every finding counted (whole process)\n")
print("| input | format | findings counted | shown | peak RSS | ÷ target (2 × input + 16 MB) | output | bytes per finding shown | time | time per MB |")
print("|---|---|---|---|---|---|---|---|---|---|")
for (label, keys) in [("4 MB", 5_000)] + (quick ? [] : [("38 MB", 56_000)]) {
    let url = shapedInputs.first { $0.label.hasPrefix(label) && $0.label.contains("finding-heavy") }?.url ?? work.appendingPathComponent("counted-\(keys).json")
    if !FileManager.default.fileExists(atPath: url.path) {
        try ConfigGenerator.minifiedWithFindings(keys: keys).write(to: url, atomically: true, encoding: .utf8)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    let report = Linter.lint(SourceFile(path: "m.json", bytes: Array(try Data(contentsOf: url))))
    let counted = report.counts.errors + report.counts.warnings + report.counts.notes
    for format in ["compact", "json", "human", "sarif"] {
        let output = work.appendingPathComponent("counted.\(format)")
        let run = spawn(tool, ["lint", "--format", format, url.path], output: output.path)
        let written = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        try? FileManager.default.removeItem(at: output)
        let peak = peakMemory(["lint", "--format", format, url.path])
        let target = 2 * bytes + 16 * 1_048_576
        print("| \(label) one line (\(mb(bytes))) | \(format) | \(counted) | \(report.diagnostics.count) | \(mb(peak)) | **\(ratio(Double(peak) / Double(target)))** | \(written) bytes | \(written / max(1, report.diagnostics.count)) | \(ms(run.seconds)) | \(ms(run.seconds / (Double(bytes) / 1_048_576))) |")
    }
}

// 5b. Many tiny keys: a table whose size is its keys (about 22 bytes each), so the model's cost
// per key shows against the same target.
print("\n## Peak memory of many tiny keys (whole process)\n")
print("| input | keys | peak RSS | target (2 × input + 16 MB) | ÷ target | bytes per key above `--version` |")
print("|---|---|---|---|---|---|")
for keys in quick ? [120_000] : [120_000, 1_200_000] {
    let text = ConfigGenerator.tinyKeys(keys: keys)
    let url = work.appendingPathComponent("tiny-\(keys).json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    let bytes = text.utf8.count
    let peak = peakMemory(["lint", "--format", "compact", url.path])
    let target = 2 * bytes + 16 * 1_048_576
    print("| \(mb(bytes)) one line | \(keys) | \(mb(peak)) | \(mb(target)) | **\(ratio(Double(peak) / Double(target)))** | \((peak - empty) / keys) |")
    try? FileManager.default.removeItem(at: url)
}
fixBenchmarks(quick: quick)
findingsBenchmarks(quick: quick)
manyFilesBenchmarks(quick: quick)
previewBenchmarks(quick: quick)
readerBenchmarks(quick: quick)
languageServerBenchmarks(quick: quick)
