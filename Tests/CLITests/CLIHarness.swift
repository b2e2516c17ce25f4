import Foundation
import Testing

/// Runs the built `customer-center` binary and captures everything it does.
struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        // Both streams are drained at once: a large report on stderr must not block the child
        // while the test waits for stdout to end.
        let errBox = DataBox()
        let errReader = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); errBox.done.signal() }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        try Scratch.directory("cc-cli")
    }
}

/// Temporary directories the tests make, removed when the test process exits: tests run in
/// parallel and a directory may be read until its test ends, so not before. A run leaves
/// nothing in `$TMPDIR`.
enum Scratch {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var directories: [URL] = []
    nonisolated(unsafe) private static var hooked = false

    /// A new empty directory named `prefix-UUID`, removed at exit.
    static func directory(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        lock.lock()
        defer { lock.unlock() }
        if !hooked {
            hooked = true
            atexit { Scratch.removeAll() }
        }
        directories.append(url)
        return url
    }

    private static func removeAll() {
        lock.lock()
        let all = directories
        directories = []
        lock.unlock()
        for url in all { try? FileManager.default.removeItem(at: url) }
    }
}

/// Data filled in by another thread.
final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
