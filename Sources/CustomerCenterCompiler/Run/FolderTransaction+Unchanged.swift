import PlatformLayer

extension FolderTransaction {
    /// Whether the file at `relative` is still the one `found` describes (same device and inode)
    /// and holds exactly `bytes`, read whole: then the new set's file is already in place, and a
    /// compile run again over an unchanged config writes, renames and syncs nothing for it.
    func alreadyHolds(_ bytes: UnsafeBufferPointer<UInt8>, at relative: String, found: Found) -> Bool {
        guard case .file(let device, let inode, let size, _, _, _, _, _) = found, size == Int64(bytes.count) else { return false }
        let fd = open(root + "/" + relative, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else { return false }
        // One byte more than expected: a file that grew meanwhile is not the same.
        var held = [UInt8](repeating: 0, count: bytes.count + 1)
        var count = 0
        let complete = held.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            while count < buffer.count {
                let n = read(fd, base + count, buffer.count - count)
                if n < 0, errno == EINTR { continue }
                if n < 0 { return false }
                if n == 0 { break }
                count += n
            }
            return true
        }
        guard complete, count == bytes.count else { return false }
        guard count > 0 else { return true }
        return held.withUnsafeBufferPointer { file in
            guard let file = file.baseAddress, let new = bytes.baseAddress else { return false }
            return memcmp(file, new, count) == 0
        }
    }
}
