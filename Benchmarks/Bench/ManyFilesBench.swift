import CustomerCenterCompiler
import Foundation
import PlatformLayer

// Many files on every core (issue 42 items 2 and 3; docs/performance.md "Many files"): `lint DIR`
// of N configs with `--jobs 1` against the default (one per core), interleaved whole processes, with
// CPU time ÷ wall time of each; then the peak memory of a directory run against one file of the
// same kind, which shows whether memory follows the largest file or the total.

/// Writes `count` configs (the default config, one string changed in each, so no two are equal;
/// every `findingEvery`-th with one trailing double space, so those reports show a line) under `folder`.
func writeManyConfigs(_ count: Int, into folder: URL, findingEvery: Int = 4) {
    let config = DefaultConfig.json()
    for index in 0..<count {
        let directory = folder.appendingPathComponent(String(format: "app%05d", index))
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var text = config.replacingOccurrences(of: "\"localized_strings\": {", with: "\"localized_strings\": {\n      \"bench_\(index)\": {\"en\": \"Bench \(index)\(index % findingEvery == 0 ? "  " : "")\"},")
        if index % findingEvery != 0 { text = text.replacingOccurrences(of: "\"bench_\(index)\": {\"en\": \"Bench \(index)\"},", with: "") }
        try? text.write(to: directory.appendingPathComponent("customer_center.json"), atomically: false, encoding: .utf8)
    }
}

/// CPU seconds (user + system) and wall seconds of one run.
func spawnWithCPU(_ executable: URL, _ arguments: [String]) -> (wall: Double, cpu: Double) {
    let before = OS.childrenUsage()
    let wall = spawn(executable, arguments).seconds
    let after = OS.childrenUsage()
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    let cpu = seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_stime)
    return (wall, cpu)
}

func manyFilesBenchmarks(quick: Bool) {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("\n## Many files: `lint DIR` with `--jobs 1` against the default (\(cores) cores; whole process, median of interleaved runs)\n")
    print("| files | command | wall | CPU ÷ wall | ÷ `--jobs 1` |")
    print("|---|---|---|---|---|")
    let runs = quick ? 3 : 7
    for count in quick ? [300] : [300, 1_000] {
        let folder = work.appendingPathComponent("many-\(count)")
        writeManyConfigs(count, into: folder)
        var serial: [(wall: Double, cpu: Double)] = [], parallel: [(wall: Double, cpu: Double)] = []
        for _ in 0..<runs {
            serial.append(spawnWithCPU(tool, ["lint", "--format", "compact", "--jobs", "1", folder.path]))
            parallel.append(spawnWithCPU(tool, ["lint", "--format", "compact", folder.path]))
        }
        serial.sort { $0.wall < $1.wall }
        parallel.sort { $0.wall < $1.wall }
        let (one, all) = (serial[runs / 2], parallel[runs / 2])
        print("| \(count) | `lint --jobs 1` | \(ms(one.wall)) | \(ratio(one.cpu / one.wall)) | 1.00× |")
        print("| \(count) | `lint` (every core) | \(ms(all.wall)) | \(ratio(all.cpu / all.wall)) | **\(ratio(all.wall / one.wall))** |")
        try? FileManager.default.removeItem(at: folder)
    }

    print("\n## Many files: peak memory of a directory run against one of its files (whole process, max RSS)\n")
    print("| files | with a finding | total input | peak RSS, one file | peak RSS, `--jobs 1` | peak RSS, every core | every core ÷ one file |")
    print("|---|---|---|---|---|---|---|")
    for (count, every) in quick ? [(1_000, 1)] : [(1_000, 4), (3_000, 4), (1_000, 1), (3_000, 1)] {
        let folder = work.appendingPathComponent("memory-\(count)")
        writeManyConfigs(count, into: folder, findingEvery: every)
        let total = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .compactMap { try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.size] as? Int }
            .reduce(0, +)
        let single = peakMemory(["lint", "--format", "compact", folder.appendingPathComponent("app00000/customer_center.json").path])
        let serial = peakMemory(["lint", "--format", "compact", "--jobs", "1", folder.path])
        let parallel = peakMemory(["lint", "--format", "compact", folder.path])
        print("| \(count) | \(every == 1 ? "every one" : "1 in \(every)") | \(mb(total)) | \(mb(single)) | \(mb(serial)) | \(mb(parallel)) | **\(ratio(Double(parallel) / Double(single)))** |")
        try? FileManager.default.removeItem(at: folder)
    }
}
