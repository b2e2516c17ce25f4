import Foundation
import Testing

/// A program or Python package outside the Swift toolchain that some tests compare our output
/// with (docs/testing.md lists them). On a machine without it such a test is skipped with the
/// reason printed; with `CUSTOMER_CENTER_REQUIRE_TOOLS=1` (as `.ci/run` sets it) it runs anyway and
/// fails, so CI never skips in silence.
public struct ExternalTool: Sendable, CustomStringConvertible {
    /// What the skip message calls it.
    public let name: String
    /// How to install it.
    public let install: String
    private let probe: @Sendable () -> Bool

    /// A command found on `PATH`.
    public static func command(_ name: String, install: String) -> ExternalTool {
        ExternalTool(name: "'\(name)' on PATH", install: install) { onPath(name) != nil }
    }

    /// A Python package that `python3` (the one on `PATH`) imports.
    public static func pythonModule(_ module: String, install: String) -> ExternalTool {
        ExternalTool(name: "the Python package '\(module)'", install: install) {
            guard onPath("python3") != nil,
                  let result = try? Subprocess.run(command: "python3", ["-c", "import \(module)"])
            else { return false }
            return result.status == 0
        }
    }

    public static let jsonschema = pythonModule("jsonschema", install: "python3 -m pip install jsonschema")
    public static let diffCover = pythonModule("diff_cover", install: "python3 -m pip install diff-cover")
    public static let pyyaml = pythonModule("yaml", install: "python3 -m pip install pyyaml")
    public static let checkJSONSchema = command("check-jsonschema", install: "python3 -m pip install check-jsonschema")
    public static let chromium = ExternalTool(name: "'chromium-headless-shell' or 'chromium' on PATH",
                                              install: "apt-get install chromium-headless-shell") {
        onPath("chromium-headless-shell") != nil || onPath("chromium") != nil
    }

    /// Whether it is there (asked once per tool and process).
    public var isAvailable: Bool { ExternalTool.availability.answer(for: name, probe) }

    /// Whether an absent tool fails the test instead of skipping it (`CUSTOMER_CENTER_REQUIRE_TOOLS=1`).
    public static var absenceFails: Bool { ProcessInfo.processInfo.environment["CUSTOMER_CENTER_REQUIRE_TOOLS"] == "1" }

    /// The line a skipped test prints.
    public var skipReason: String {
        "skipped: needs \(name), which is not installed (\(install)); CUSTOMER_CENTER_REQUIRE_TOOLS=1 makes its absence a failure"
    }

    public var description: String { name }

    /// The first executable `name` in `PATH`.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static let availability = Answers()
}

/// Each tool's answer, asked once: a suite of tests that needs one tool starts python3 once.
private final class Answers: @unchecked Sendable {
    private var known: [String: Bool] = [:]
    private let lock = NSLock()

    func answer(for name: String, _ probe: () -> Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let answer = known[name] { return answer }
        let answer = probe()
        known[name] = answer
        return answer
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test when every tool is there, or when `CUSTOMER_CENTER_REQUIRE_TOOLS=1` says an absent
    /// tool is a failure (the test then runs and fails where it calls the tool); otherwise skips it,
    /// and the test runner prints why.
    public static func needs(_ tools: ExternalTool...) -> ConditionTrait {
        let missing = tools.filter { !$0.isAvailable }
        return .enabled(if: missing.isEmpty || ExternalTool.absenceFails, Comment(rawValue: missing.map(\.skipReason).joined(separator: "; ")))
    }
}
