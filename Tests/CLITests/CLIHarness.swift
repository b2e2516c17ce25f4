import Foundation
import Testing
import TestSupport

/// What a run of the built binary did (status, stdout, stderr).
typealias CLIResult = ProcessResult

/// Runs the built `customer-center` binary and captures everything it does.
enum CLI {
    static let packageRoot = PackagePaths.root

    /// The binary: `CUSTOMER_CENTER_BINARY` when set; else the one in the test bundle's build
    /// directory, found from the test process (Linux: the test binary itself), the main bundle,
    /// or the loaded `.xctest` bundle (macOS's `swift test` and Xcode run the tests inside
    /// `xctest`, whose own folder is the toolchain's); else `.build/debug` or `.build/release`.
    static let binary: URL = {
        if let given = ProcessInfo.processInfo.environment["CUSTOMER_CENTER_BINARY"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        let testBundles = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        let folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL,
                       Bundle.main.bundleURL.deletingLastPathComponent()]
            + testBundles.map { $0.deletingLastPathComponent() }
            + [packageRoot.appendingPathComponent(".build/debug"), packageRoot.appendingPathComponent(".build/release")]
        let candidates = folders.map { $0.appendingPathComponent("customer-center") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 2]
    }()

    /// Runs with `arguments`, optional standard input, in `directory`, with a clean environment
    /// (no NO_COLOR, no TERM) plus `environment`.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String] = [:]) throws -> CLIResult {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = nil
        for (key, value) in environment { env[key] = value }
        return try Subprocess.run(binary, arguments, stdin: stdin, in: directory ?? packageRoot, environment: env)
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        try Scratch.directory("cc-cli")
    }
}
