/// `strings export` on two cores: each file is written on a thread of its own while the next is
/// built, so the kernel's copy of one file into the page cache, and the wait for it to reach the
/// disk, overlap the building of the next (docs/performance.md "strings"). At most two files'
/// bytes are in memory: the one written and the one built.

import JSONSyntax
import PlatformLayer

extension ExportPlan {
    /// Builds the file of each of ``locales`` in turn and hands it to `write`, which runs on a
    /// thread of its own, in the files' order, one file at a time, while the next file is built
    /// here: a file is handed over once the one before it is written, so that two files' bytes
    /// at most are in memory. `write` is told how many files were built when it was handed the
    /// file. When it throws, no later file is handed to it, and the error is thrown here once the
    /// thread is done. Without a thread, each file is written here when it is built.
    package mutating func writeEachFile<Failure: Error>(_ write: @escaping @Sendable (_ file: ExportedFile, _ built: Int) throws(Failure) -> Void)
        throws(Failure) {
        let handoff = FileHandoff()
        let failure = LockedValue<Failure?>(nil)
        let thread = NativeThread.start(stackSize: 1 << 20) {
            while let next = handoff.next() {
                var file = next.file
                do throws(Failure) {
                    try write(file, next.built)
                } catch {
                    failure.withLock { $0 = error }
                    handoff.written(spare: [], failed: true)
                    return
                }
                // The bytes go back, to build a later file in.
                let bytes = file.bytes
                file.bytes = []
                handoff.written(spare: bytes, failed: false)
            }
        }
        guard let thread else {
            try forEachFile { (file, built) throws(Failure) in try write(file, built) }
            return
        }
        for locale in locales {
            if buffer.isEmpty { buffer = handoff.takeSpare() }
            var file = self.file(locale)
            // The file's bytes are the file's alone while they are written.
            buffer = []
            if !handoff.hand(&file, built: built) { break }
        }
        handoff.finish()
        NativeThread.join(thread)
        if let error = failure.withLock({ $0 }) { throw error }
    }
}

/// The one file between the thread that builds files and the one that writes them: a file is
/// handed over when the writer is idle (the one before it written), and the writer gives back
/// its bytes when it is done.
final class FileHandoff: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The file handed over and not yet taken, with how many files were built then.
    private var pending: (file: ExportedFile, built: Int)?
    /// A file was handed over and is not written yet.
    private var busy = false
    private var finished = false
    private var failed = false
    /// The bytes of the last file written.
    private var spare: [UInt8] = []

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Waits until the writer is done with the last file, then hands it `file` (taken: left
    /// empty); `false`, and nothing handed over, when a write failed.
    func hand(_ file: inout ExportedFile, built: Int) -> Bool {
        locked {
            while busy { pthread_cond_wait(changed, mutex) }
            guard !failed else { return false }
            pending = (file, built)
            file = ExportedFile(locale: "", fileName: "", bytes: [], units: [])
            busy = true
            pthread_cond_broadcast(changed)
            return true
        }
    }

    /// No more files.
    func finish() {
        locked {
            finished = true
            pthread_cond_broadcast(changed)
        }
    }

    /// The writer's next file; `nil` when there are no more.
    func next() -> (file: ExportedFile, built: Int)? {
        locked {
            while pending == nil, !finished { pthread_cond_wait(changed, mutex) }
            defer { pending = nil }
            return pending
        }
    }

    /// The writer is done with its file: its bytes (`spare`) are free for another, or writing failed.
    func written(spare bytes: [UInt8], failed: Bool) {
        locked {
            spare = bytes
            busy = false
            self.failed = self.failed || failed
            pthread_cond_broadcast(changed)
        }
    }

    /// The bytes of the last file written (empty when there are none).
    func takeSpare() -> [UInt8] {
        locked {
            defer { spare = [] }
            return spare
        }
    }
}
