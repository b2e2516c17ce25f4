import Foundation

/// The kernel's view of this process's memory (Linux's `/proc/self/smaps`).
public enum MemoryMap {
    /// Whether this system has a memory map to read.
    public static let isReadable = FileManager.default.isReadableFile(atPath: "/proc/self/smaps")

    /// The `VmFlags` of the mapping holding `address` (`hg`: advised for huge pages), or `nil`.
    public static func flags(at address: UInt) -> Set<String>? {
        // Read to the end (a file in /proc says it is empty).
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps"),
              let text = String(data: file.readDataToEndOfFile(), encoding: .utf8) else { return nil }
        defer { try? file.close() }
        var inside = false
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, fields.first == "VmFlags:" {
                return Set(fields.dropFirst().map(String.init))
            }
        }
        return nil
    }
}
