import PlatformLayer

extension FileSystem {
    /// The temporary files of earlier atomic writes to `path` that a killed run left beside it
    /// (`.<name>.tmp-XXXXXX`, docs/commands.md "No command destroys a file"), removed before
    /// `path` is written again. Only a file that is certainly one: the name `mkstemp` made from
    /// that template, a regular file of this user with one link, that no live write holds (each
    /// write holds an `flock` on its temporary file), whose bytes are the start of what is being
    /// written now (what the killed run was writing, or had begun to). Anything else stays.
    /// `candidates` caches, per folder, the names of that form found when it was first listed.
    static func removeLeftoverTemporaries(of path: String, writing bytes: [UInt8], candidates: inout [String: [String]]) {
        removeLeftoverTemporaries(of: path, upTo: bytes.count, candidates: &candidates) { fd, name in
            guard let held = try? readAll(fd: fd, name: name) else { return false }
            return bytes.starts(with: held)
        }
    }

    /// ``removeLeftoverTemporaries(of:writing:candidates:)`` when what is written now is the
    /// first `count` bytes of `written` (the temporary file of this write, read back).
    static func removeLeftoverTemporaries(of path: String, writtenTo written: Int32, count: Int, candidates: inout [String: [String]]) {
        removeLeftoverTemporaries(of: path, upTo: count, candidates: &candidates) { fd, _ in startsTheSame(fd, written) }
    }

    /// Removes the leftovers of `path` of at most `limit` bytes whose bytes `isStart` says are the
    /// start of what is being written (given the leftover's descriptor and path).
    private static func removeLeftoverTemporaries(of path: String, upTo limit: Int, candidates: inout [String: [String]],
                                                  isStart: (Int32, String) -> Bool) {
        let folder = directory(of: absolute(path)), leaf = lastComponent(of: path)
        if candidates[folder] == nil {
            candidates[folder] = (entries(of: folder) ?? []).filter { isTemporaryName($0) }
        }
        let prefix = "." + leaf + ".tmp-"
        for name in candidates[folder] ?? [] where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
            let leftover = folder + "/" + name
            let fd = open(leftover, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(), info.st_nlink == 1,
                  Int(info.st_size) <= limit, flock(fd, LOCK_EX | LOCK_NB) == 0, isStart(fd, leftover) else { continue }
            unlink(leftover)
        }
        candidates[folder]?.removeAll { $0.hasPrefix(prefix) }
    }

    /// Whether the file `leftover` reads to its end is the start of what `written` holds (read
    /// from its first byte, a block at a time beside each other).
    static func startsTheSame(_ leftover: Int32, _ written: Int32) -> Bool {
        let blockSize = 1 << 16
        var blocks = [UInt8](repeating: 0, count: 2 * blockSize)
        return blocks.withUnsafeMutableBytes { blocks -> Bool in
            guard let held = blocks.baseAddress else { return false }
            let same = held + blockSize
            var offset = 0
            while true {
                let count = pread(leftover, held, blockSize, off_t(offset))
                if count < 0, errno == EINTR { continue }
                if count < 0 { return false }
                if count == 0 { return true }
                var compared = 0
                while compared < count {
                    let read = pread(written, same + compared, count - compared, off_t(offset + compared))
                    if read < 0, errno == EINTR { continue }
                    if read <= 0 { return false }
                    compared += read
                }
                guard memcmp(held, same, count) == 0 else { return false }
                offset += count
            }
        }
    }

    /// `.<name>.tmp-` and six letters or digits: the name `mkstemp` makes of the template.
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 12, bytes[0] == UInt8(ascii: "."), Array(bytes[(bytes.count - 11)..<(bytes.count - 6)]) == Array(".tmp-".utf8) else {
            return false
        }
        return bytes.suffix(6).allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }
}
