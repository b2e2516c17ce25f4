/// The pieces of exported files between the thread that builds them and the one that writes
/// them (``ExportPlan/writeEachFile(_:)``): in order, each file's name, its pieces, then its
/// counts. A piece waits while ``waiting`` others wait to be written, so that a few pieces are
/// in memory, never a whole file; the writer gives each piece's storage back, to build a later
/// piece in.

import JSONSyntax
import PlatformLayer

final class PieceHandoff: @unchecked Sendable {
    /// What the writer reads of a file after its name.
    enum Piece {
        /// The next bytes of the file.
        case piece([UInt8])
        /// The file is complete: its counts (its bytes are not kept).
        case end(ExportedFile)
    }

    private enum Event {
        case file(locale: String, fileName: String)
        case piece([UInt8])
        case end(ExportedFile)
    }

    /// How many pieces may wait to be written.
    static let waiting = 2

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// What was handed over and not yet read, in order.
    private var events: [Event] = []
    /// How many of ``events`` are pieces.
    private var pieces = 0
    private var finished = false
    private var failed = false
    /// The storage of pieces written.
    private var spares: [[UInt8]] = []

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

    /// A file begins; `false`, and nothing handed over, once a write failed.
    func begin(locale: String, fileName: String) -> Bool { send(.file(locale: locale, fileName: fileName)) }

    /// The file's next bytes (taken), once fewer than ``waiting`` pieces wait; `false`, and
    /// nothing handed over, once a write failed.
    func hand(_ piece: [UInt8]) -> Bool { send(.piece(piece)) }

    /// The file is complete; `false` once a write failed.
    func end(_ file: ExportedFile) -> Bool { send(.end(file)) }

    private func send(_ event: Event) -> Bool {
        locked {
            if case .piece = event {
                while pieces >= Self.waiting, !failed { pthread_cond_wait(changed, mutex) }
                if !failed { pieces += 1 }
            }
            guard !failed else { return false }
            events.append(event)
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

    /// Writing failed: nothing more is handed over.
    func fail() {
        locked {
            failed = true
            events = []
            pieces = 0
            pthread_cond_broadcast(changed)
        }
    }

    /// The next file's locale and name (what is left of the file before it is passed over);
    /// `nil` when there are no more.
    func nextFile() -> (locale: String, fileName: String)? {
        locked {
            while true {
                while events.isEmpty, !finished { pthread_cond_wait(changed, mutex) }
                guard !events.isEmpty else { return nil }
                switch events.removeFirst() {
                case .file(let locale, let fileName): return (locale, fileName)
                case .piece(let bytes):
                    pieces -= 1
                    spares.append(bytes)
                    pthread_cond_broadcast(changed)
                case .end: break
                }
            }
        }
    }

    /// The file's next piece, or its end; `nil` when no more files come, or the next one begins.
    func next() -> Piece? {
        locked {
            while events.isEmpty, !finished { pthread_cond_wait(changed, mutex) }
            guard let first = events.first else { return nil }
            switch first {
            case .file: return nil
            case .piece(let bytes):
                events.removeFirst()
                pieces -= 1
                pthread_cond_broadcast(changed)
                return .piece(bytes)
            case .end(let file):
                events.removeFirst()
                return .end(file)
            }
        }
    }

    /// A piece's storage, written (taken: left empty).
    func giveBack(_ bytes: inout [UInt8]) {
        // Swapped in under the lock: no other reference to the storage is left to copy it for.
        pthread_mutex_lock(mutex)
        spares.append([])
        swap(&spares[spares.count - 1], &bytes)
        pthread_mutex_unlock(mutex)
    }

    /// The storage of a piece written, empty when there is none.
    func takeSpare() -> [UInt8] {
        locked { spares.popLast() ?? [] }
    }
}
