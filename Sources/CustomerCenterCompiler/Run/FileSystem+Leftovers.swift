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
                  Int(info.st_size) <= bytes.count, flock(fd, LOCK_EX | LOCK_NB) == 0,
                  let held = try? readAll(fd: fd, name: leftover), bytes.starts(with: held) else { continue }
            unlink(leftover)
        }
        candidates[folder]?.removeAll { $0.hasPrefix(prefix) }
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
