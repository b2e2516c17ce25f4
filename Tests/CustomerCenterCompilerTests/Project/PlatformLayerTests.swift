import Foundation
import PlatformLayer
import Testing
import TestSupport

/// The platform layer (docs/testing.md "The platform layer"): Sources/PlatformLayer is the only
/// code that imports a C library module or names what differs between Linux and Apple systems.
/// The check reads every Swift file of Sources, Tests and Benchmarks, with comments and string
/// literals blanked, so an Apple branch can never again hide where no Linux build compiles it.
@Suite struct PlatformLayerTests {
    static let layer = "Sources/PlatformLayer/"

    /// Imports and conditions that belong to the layer alone.
    static let forbiddenPatterns: [(pattern: String, why: String)] = [
        (#"import\s+(Glibc|Musl|Darwin|SwiftGlibc|ucrt)\b"#, "imports a C library module"),
        (#"canImport\(\s*(Glibc|Musl|Darwin)\s*\)"#, "branches on the C library"),
        (#"os\(\s*(Linux|macOS|iOS|OSX)\s*\)"#, "branches on the operating system"),
        (#"(^|[^.\w])fork\s*\(\s*\)"#, "calls fork (unavailable to Swift on Apple systems: OS.spawn)"),
    ]

    /// C names whose type or meaning differs between Glibc and Darwin: each has a wrapper or an
    /// alias in the layer (the comment says which).
    static let platformShapedNames: [String: String] = [
        "sighandler_t": "OS.handleSignal, OS.ignoreSignal", "sig_t": "OS.handleSignal, OS.ignoreSignal",
        "__sigaction_handler": "OS.handleSignal", "__sigaction_u": "OS.handleSignal",
        "posix_spawn_file_actions_t": "OS.SpawnActions", "posix_spawnattr_t": "OS.spawn",
        "posix_spawn": "OS.spawn", "environ": "OS.spawn", "_NSGetEnviron": "OS.spawn",
        "SOCK_STREAM": "OS.streamSocketType", "SOCK_DGRAM": "OS.streamSocketType",
        "MSG_NOSIGNAL": "OS.sendWithoutSignal", "SO_NOSIGPIPE": "OS.sendWithoutSignal",
        "pthread_t": "OS.ThreadHandle", "pthread_create": "OS.startThread",
        "fsync": "OS.syncFile", "F_FULLFSYNC": "OS.syncFile", "syncfs": "OS.syncFileSystem",
        "renameat2": "OS.exchange", "renamex_np": "OS.exchange",
        "MADV_HUGEPAGE": "OS.adviseHugePages", "_PC_CASE_SENSITIVE": "OS.namesAreCaseSensitive",
        "RUSAGE_CHILDREN": "OS.childrenUsage", "ru_maxrss": "OS.peakMemoryBytes",
        "st_ctim": "OS.changeTime", "st_ctimespec": "OS.changeTime", "st_mtim": "a wrapper like OS.changeTime",
        "st_mtimespec": "a wrapper like OS.changeTime",
    ]

    /// Every Swift file of the package, its plugins, fuzzer and benchmarks outside the layer.
    static func sourcesOutsideTheLayer() throws -> [(path: String, text: String)] {
        let manager = FileManager.default
        var files: [(String, String)] = []
        for top in ["Sources", "Tests", "Benchmarks", "Plugins", "Fuzz"] {
            let folder = PackagePaths.root.appendingPathComponent(top)
            guard let walker = manager.enumerator(atPath: folder.path) else { continue }
            for case let name as String in walker where name.hasSuffix(".swift") {
                let path = "\(top)/\(name)"
                // Benchmarks/PeakRSSPlatform is a link to the layer (the helper compiles it apart).
                if path.hasPrefix(layer) || path.hasPrefix("Benchmarks/PeakRSSPlatform/") || name.contains("/Golden/") || name.hasPrefix(".build") { continue }
                files.append((path, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        return files
    }

    /// What a file does that only the layer may: one line per finding.
    static func violations(in path: String, _ text: String) throws -> [String] {
        // Multi-line string literals first (a script run by a test is not this code), then the
        // rest as the layering check blanks them.
        let code = LayeringTests.blankingCommentsAndStrings(text.replacing(try Regex(#"(?s)\"\"\".*?\"\"\""#), with: "\"\""))
        var found: [String] = []
        // A method of this package's own named fork (a sink's, a gate's) is not the C call.
        let calls = code.replacing("func fork(", with: "func _(")
        for (pattern, why) in forbiddenPatterns where calls.contains(try Regex(pattern)) {
            found.append("\(path) \(why)")
        }
        let words = Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        for (name, wrapper) in platformShapedNames where words.contains(name) {
            found.append("\(path) names \(name) (use \(wrapper))")
        }
        return found
    }

    @Test func onlyTheLayerKnowsThePlatform() throws {
        let files = try Self.sourcesOutsideTheLayer()
        #expect(files.count > 200, "found the package's sources")
        #expect(files.contains { $0.path == "Benchmarks/PeakRSS/main.swift" } && files.contains { $0.path == "Tests/CLITests/LoopbackServer.swift" })
        var all: [String] = []
        for file in files { all += try Self.violations(in: file.path, file.text) }
        #expect(all.sorted() == [])
    }

    /// The check itself: each of the breakers issue 53 found would be caught, and words in
    /// comments and messages are not.
    @Test func theCheckSeesEachBreaker() throws {
        let breakers = [
            "#if canImport(Glibc)\nimport Glibc\n#endif",
            "import Darwin",
            "var actions = posix_spawn_file_actions_t()",
            "func handler(_ handler: sighandler_t?) {}",
            "let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)",
            "let pid = fork()",
            "posix_spawn(&pid, path, nil, nil, argv, environ)",
            "#if os(Linux)\nlet x = 1\n#endif",
            "if fsync(fd) != 0 { return }",
            "let changed = info.st_ctim.tv_sec",
        ]
        for breaker in breakers {
            #expect(try !Self.violations(in: "x.swift", breaker).isEmpty, "\(breaker)")
        }
        let harmless = "// fsync, fork() and environ in a comment\nlet message = \"import Glibc; sighandler_t\"\nlet forked = tree.fork(at: 3)"
            + "\nfunc fork() -> Sink { gate.fork() }\nlet script = \"\"\"\n  import resource\n  print(resource.RUSAGE_CHILDREN)\n  \"\"\"\n"
        #expect(try Self.violations(in: "x.swift", harmless) == [])
    }
}
