import Foundation

/// What a finished process did.
public struct ProcessResult: Sendable {
    /// Its exit status.
    public let status: Int32
    /// Everything it wrote on standard output.
    public let stdout: String
    /// Everything it wrote on standard error.
    public let stderr: String
    /// Whether it exited (rather than being killed by a signal).
    public let exited: Bool
}

/// Starting a process the one way the tests do it: standard input fed from another thread and
/// both output streams drained at once, so a large report on one never blocks the child while
/// the test waits for the other.
public enum Subprocess {
    /// SIGPIPE ignored in the test process, once (see the writer below).
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs `executable` with `arguments` in `directory` (else the current one), `stdin` as its
    /// standard input (else an empty one), and `environment` (else this process's).
    public static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                           environment: [String: String]? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        _ = ignoreBrokenPipes
        try process.run()
        let writer = Thread {
            // A child that exits without reading its input (a usage error) closes the pipe: the
            // write then fails with EPIPE instead of killing the whole test process with SIGPIPE.
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errBox = DataBox()
        let errReader = Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errBox.done.signal()
        }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errBox.data, as: UTF8.self), exited: process.terminationReason == .exit)
    }

    /// Runs a command found on `PATH` (`python3`, `git`) through `/usr/bin/env`.
    public static func run(command: String, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, stdin: stdin, in: directory)
    }
}

/// Data filled in by another thread.
private final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
