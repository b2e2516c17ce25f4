import Foundation

/// Temporary directories the tests make, removed when the test process exits: tests run in
/// parallel and a directory may be read until its test ends, so not before. A run leaves
/// nothing in `$TMPDIR`.
public enum Scratch {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var directories: [URL] = []
    nonisolated(unsafe) private static var hooked = false

    /// A new empty directory named `prefix-UUID`, removed at exit.
    public static func directory(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        register(url)
        return url
    }

    private static func register(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        if !hooked {
            hooked = true
            atexit { Scratch.removeAll() }
        }
        directories.append(url)
    }

    /// A new empty directory that every user may read and write (`/tmp/prefix-UUID`, mode 0777),
    /// removed at exit: for a test that runs the binary as another user (the run's `$TMPDIR` may
    /// be private to this one).
    public static func shared(_ prefix: String) throws -> URL {
        let url = URL(fileURLWithPath: "/tmp").appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: url.path)
        register(url)
        return url
    }

    /// A new directory holding `files` (relative path: UTF-8 text; folders made as needed).
    public static func directory(_ prefix: String, files: [String: String]) throws -> URL {
        let directory = try directory(prefix)
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    private static func removeAll() {
        lock.lock()
        let all = directories
        directories = []
        lock.unlock()
        for url in all { try? FileManager.default.removeItem(at: url) }
    }
}
