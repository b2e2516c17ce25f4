import CustomerCenterCompiler
import Foundation

// The reader's speed (issue 42 item 6; docs/performance.md "One big file"): `lint` of the generated
// 41 MB config as a whole process, in MB/s, next to what a SIMD parser does with the same bytes in
// one process (simdjson, through Python's `pysimdjson` when it is installed: CI does not install it,
// the section then says so), and the 4 MB lint against JSONSerialization as whole processes. All
// interleaved in one run, so the ratios hold on a noisy machine.

/// The median of `runs` in-process parses of `file` by simdjson, in seconds; `nil` with why when
/// Python or pysimdjson is missing. `Parser.parse` is simdjson's whole DOM parse (`dom::parser::parse`:
/// every byte validated, the tape and its strings built; pysimdjson hands back a proxy of the
/// document, but nothing of the parse is left for later). One parser parses `runs` times, as
/// simdjson is meant to be used, so after the first its buffers are allocated and touched: the
/// median is that parse. `cold`: the median of `runs` parses each by a new parser, its buffers
/// allocated and first touched by the parse (as a process that parses once pays).
func simdjsonParse(_ file: URL, runs: Int) -> (seconds: Double?, cold: Double?, why: String) {
    let script = """
    import sys, time
    try:
        import simdjson
    except ImportError:
        print("missing"); sys.exit(0)
    data = open(sys.argv[1], "rb").read()
    parser = simdjson.Parser()
    times = []
    for _ in range(int(sys.argv[2])):
        start = time.perf_counter(); document = parser.parse(data); times.append(time.perf_counter() - start); del document
    cold = []
    for _ in range(int(sys.argv[2])):
        fresh = simdjson.Parser()
        start = time.perf_counter(); document = fresh.parse(data); cold.append(time.perf_counter() - start); del document, fresh
    times.sort(); cold.sort(); print(times[len(times) // 2], cold[len(cold) // 2])
    """
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("cc-bench-simdjson-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: out) }
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin").split(separator: ":")
    guard let python = path.map({ "\($0)/python3" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        return (nil, nil, "no python3")
    }
    _ = spawn(URL(fileURLWithPath: python), ["-c", script, file.path, String(runs)], output: out.path)
    let text = (try? String(contentsOf: out, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    if text == "missing" { return (nil, nil, "pysimdjson is not installed (pip install pysimdjson)") }
    let numbers = text.split(separator: " ").map { Double($0) }
    return (numbers.first ?? nil, numbers.count > 1 ? numbers[1] : nil, text.isEmpty ? "python3 failed" : "")
}

func readerBenchmarks(quick: Bool) {
    print("\n## One big file: the reader (whole process, interleaved)\n")
    let big = work.appendingPathComponent("reader-41mb.json"), four = work.appendingPathComponent("reader-4mb.json")
    try? ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: 41_000_000)).write(to: big, atomically: true, encoding: .utf8)
    try? ConfigGenerator.config(paths: ConfigGenerator.paths(forBytes: 4_000_000)).write(to: four, atomically: true, encoding: .utf8)
    let bigBytes = (try? FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int) ?? 0
    let bench = URL(fileURLWithPath: CommandLine.arguments[0])
    let rounds = quick ? 5 : 11
    var lintBig: [Double] = [], lintFour: [Double] = [], foundationFour: [Double] = [], simd: [Double] = [], simdCold: [Double] = []
    var lintBigOneThread: [Double] = [], lintFourOneThread: [Double] = []
    var why = ""
    for _ in 0..<rounds {
        lintBig.append(spawn(tool, ["lint", "--format", "compact", big.path]).seconds)
        lintFour.append(spawn(tool, ["lint", "--format", "compact", four.path]).seconds)
        // `--jobs 1`: the whole run on one thread (docs/commands.md).
        lintBigOneThread.append(spawn(tool, ["lint", "--jobs", "1", "--format", "compact", big.path]).seconds)
        lintFourOneThread.append(spawn(tool, ["lint", "--jobs", "1", "--format", "compact", four.path]).seconds)
        foundationFour.append(spawn(bench, ["--jsonserialization", four.path]).seconds)
        let parsed = simdjsonParse(big, runs: 3)
        if let seconds = parsed.seconds { simd.append(seconds) } else { why = parsed.why }
        if let seconds = parsed.cold { simdCold.append(seconds) }
    }
    let megabytes = Double(bigBytes) / 1_000_000
    let lint = Timing(samples: lintBig).median
    print("| measure | time | MB/s | ratio |")
    print("|---|---|---|---|")
    print("| `lint` of the \(String(format: "%.1f", megabytes)) MB config, whole process | \(ms(lint)) | **\(String(format: "%.0f", megabytes / lint))** | target ≥ 170 MB/s |")
    if simd.isEmpty {
        print("| simdjson parse of the same bytes, in process | not measured: \(why) | | |")
    } else {
        let parse = Timing(samples: simd).median
        // Also round by round: the lint and the parse of one round ran seconds apart, so their
        // ratio follows the machine's speed as it drifts (as farm-bench pairs A and B).
        let paired = Timing(samples: zip(lintBig, simd).map { $0 / $1 }).median
        print("| simdjson parse of the same bytes, in process | \(ms(parse)) | \(String(format: "%.0f", megabytes / parse)) | lint ÷ simdjson **\(ratio(lint / parse))**, round by round \(ratio(paired)) (target ≤ 5×) |")
        if !simdCold.isEmpty {
            let cold = Timing(samples: simdCold).median
            print("| the same by a new parser each time (its buffers first touched by the parse) | \(ms(cold)) | \(String(format: "%.0f", megabytes / cold)) | lint ÷ that \(ratio(lint / cold)) |")
        }
    }
    let oneThread = Timing(samples: lintBigOneThread).median
    print("| the same with `--jobs 1` (one thread) | \(ms(oneThread)) | \(String(format: "%.0f", megabytes / oneThread)) | every core ÷ one thread **\(ratio(lint / oneThread))** |")
    let four4 = Timing(samples: lintFour).median, foundation = Timing(samples: foundationFour).median
    let fourOneThread = Timing(samples: lintFourOneThread).median
    print("| `lint` of the 4 MB config, every core ÷ `--jobs 1` | \(ms(four4)) ÷ \(ms(fourOneThread)) | | \(ratio(four4 / fourOneThread)) |")
    print("| `lint` of the 4 MB config ÷ JSONSerialization reading it, whole processes | \(ms(four4)) ÷ \(ms(foundation)) | | **\(ratio(four4 / foundation))** (target ≤ 0.4) |")
    print("\nMedian of \(rounds) interleaved rounds (simdjson: the median of 3 parses in one Python process, each round; round by round: the median of the rounds' own ratios).")
}
