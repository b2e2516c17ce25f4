import Foundation
import Testing
import TestSupport

/// What a run of the built binary did (status, stdout, stderr).
typealias CLIResult = ProcessResult

/// Runs the built `customer-center` binary and captures everything it does.
enum CLI {
    static let packageRoot = PackagePaths.root

    /// The binary beside the test bundle (same build directory), else `.build/debug`.
    static let binary: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("customer-center"),
            Bundle.main.bundleURL.appendingPathComponent("customer-center"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("customer-center"),
            packageRoot.appendingPathComponent(".build/debug/customer-center"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
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
