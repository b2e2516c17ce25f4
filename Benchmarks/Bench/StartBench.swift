import CustomerCenterCompiler
import Foundation

// The start (docs/performance.md "The start"): `lint` of the default config against a Swift
// binary that prints one line, each pair built the same way. A start-up floor is only a yardstick
// for a tool linked like it: a hello-world with the Swift runtime inside it (`--static-swift-stdlib`,
// as the release archive is built) starts in about 0.6× the time of one that loads the runtime's
// shared libraries (as `swift build` links), so the release binary is compared with a floor built
// as it is, and the source build with the floor built beside it.

/// A build of the tool and of the start-up floor made the same way, in one folder.
struct StartBuild {
    var name: String
    var tool: URL
    var floor: URL
}

/// `--start-only [--baseline DIR] [--release-build DIR]`: the source build (this folder's
/// `customer-center` and `startup-floor`), another source build of the tool (`--baseline`, against
/// the same floor) and the release build (both built with the release script's flags,
/// docs/performance.md), interleaved round by round.
func startBenchmarks(quick: Bool, baseline: URL?, releaseBuild: URL?) {
    let rounds = quick ? 41 : 201
    var builds = [StartBuild(name: "source build (`swift build -c release`)", tool: tool, floor: floor)]
    if let folder = baseline {
        builds.append(StartBuild(name: "baseline \(folder.path)", tool: folder.appendingPathComponent("customer-center"), floor: floor))
    }
    if let folder = releaseBuild {
        let release = StartBuild(
            name: "release build (`--static-swift-stdlib`, Scripts/release.sh's flags)",
            tool: folder.appendingPathComponent("customer-center"), floor: folder.appendingPathComponent("startup-floor"))
        for binary in [release.tool, release.floor] where !FileManager.default.isExecutableFile(atPath: binary.path) {
            print("missing \(binary.path): build both products into that folder as docs/performance.md says"); exit(1)
        }
        builds.append(release)
    }
    let defaultURL = work.appendingPathComponent("start-default.json")
    try? DefaultConfig.json().write(to: defaultURL, atomically: true, encoding: .utf8)
    // times[build] = (floor, lint)
    var times = Array(repeating: (floor: [Double](), lint: [Double]()), count: builds.count)
    for _ in 0..<rounds {
        for (index, build) in builds.enumerated() {
            times[index].floor.append(spawn(build.floor, []).seconds)
            times[index].lint.append(spawn(build.tool, ["lint", "--format", "compact", defaultURL.path]).seconds)
        }
    }
    print("\n## The start (median of \(rounds) interleaved rounds, ratios round by round)\n")
    print("| build | hello-world built the same way | `lint` of the default config | ratio |")
    print("|---|---|---|---|")
    for (index, build) in builds.enumerated() {
        let pairs = Timing(samples: zip(times[index].lint, times[index].floor).map { $0 / $1 })
        print("| \(build.name) | \(ms(Timing(samples: times[index].floor).median)) | \(ms(Timing(samples: times[index].lint).median)) | \(ratio(pairs.median)) |")
    }
    if releaseBuild != nil, let last = times.last {
        // Not like with like: shown only to say how much of a ratio is the build, not the tool.
        let crossed = Timing(samples: zip(last.lint, times[0].floor).map { $0 / $1 })
        print("\nThe release build's `lint` ÷ the source build's hello-world (not like with like): \(ratio(crossed.median))")
    }
    try? FileManager.default.removeItem(at: defaultURL)
}
