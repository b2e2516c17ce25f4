/// `strings export` on two cores: each file is built in pieces, and each piece is written on a
/// thread of its own while the next is built, so that the kernel's copy of the bytes into the
/// page cache, and the wait for a file to reach the disk, overlap the building (docs/performance.md
/// "strings"). No file is ever whole in memory: a few pieces are, the one written, the ones
/// waiting for it and the one built.

import JSONSyntax
import PlatformLayer

extension ExportPlan {
    /// Builds the file of each of ``locales`` in turn, in pieces, and hands it to `write`, which
    /// runs on a thread of its own, in the files' order, and reads the file's pieces
    /// (``ExportedPieces/forEachPiece(_:)``) as they are built here: a piece waits while two
    /// others wait to be written. When `write` throws, nothing more is built, and the error is
    /// thrown here once the thread is done. Without a thread, each file is built whole and
    /// written here.
    package mutating func writeEachFile<Failure: Error>(_ write: @escaping @Sendable (_ file: ExportedPieces) throws(Failure) -> Void)
        throws(Failure) {
        let handoff = PieceHandoff()
        let failure = LockedValue<Failure?>(nil)
        let thread = NativeThread.start(stackSize: 1 << 20) {
            while let next = handoff.nextFile() {
                let file = ExportedPieces(locale: next.locale, fileName: next.fileName, handoff: handoff)
                do throws(Failure) {
                    try write(file)
                } catch {
                    failure.withLock { $0 = error }
                    handoff.fail()
                    return
                }
                // What `write` did not read.
                file.forEachPiece { _ in true }
            }
        }
        guard let thread else {
            for locale in locales {
                let built = file(locale)
                try write(ExportedPieces(whole: built))
            }
            return
        }
        buildPieces(locales, into: handoff)
        handoff.finish()
        NativeThread.join(thread)
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Builds the files of `locales` into `handoff`, piece by piece, until a write fails.
    private mutating func buildPieces(_ locales: [String], into handoff: PieceHandoff) {
        let capacity = pieceSize + pieceSize / 4
        var spare = handoff.takeSpare()
        var out = ExportBytes(reusing: &spare, capacity: capacity)
        for locale in locales {
            guard handoff.begin(locale: locale, fileName: fileName(locale)) else { return }
            let (file, left, complete) = build(locale, keepingUnits: false, into: &out, piece: pieceSize) { out in
                var spare = handoff.takeSpare()
                return handoff.hand(out.handOver(continuingIn: &spare, capacity: capacity))
            }
            done(left)
            var spare = handoff.takeSpare()
            guard complete, handoff.hand(out.handOver(continuingIn: &spare, capacity: capacity)), handoff.end(file) else { return }
        }
    }
}

/// One exported file as the writing thread reads it: its name, its pieces in order, then its
/// counts (``file``).
package final class ExportedPieces: @unchecked Sendable {
    /// The locale as the config writes it.
    package let locale: String
    /// `<locale>.xlf` or `<locale>.po`.
    package let fileName: String
    private let handoff: PieceHandoff?
    private var whole: [UInt8]?
    private var ended = false
    /// The file's counts (its units in each state), once its last piece is read; its bytes are
    /// not kept.
    package private(set) var file: ExportedFile

    init(locale: String, fileName: String, handoff: PieceHandoff) {
        self.locale = locale
        self.fileName = fileName
        self.handoff = handoff
        file = ExportedFile(locale: locale, fileName: fileName, bytes: [], units: [])
    }

    /// A file built whole: one piece.
    init(whole built: ExportedFile) {
        locale = built.locale
        fileName = built.fileName
        handoff = nil
        whole = built.bytes
        file = built
        file.bytes = []
    }

    /// Hands `body` each piece of the file in order (lent for the call), as they are built,
    /// until the last one or until `body` returns `false`; a later call goes on from there.
    package func forEachPiece(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        guard let handoff else {
            if let bytes = whole {
                whole = nil
                _ = bytes.withUnsafeBufferPointer(body)
            }
            return
        }
        while !ended {
            switch handoff.next() {
            case .piece(var bytes):
                let more = bytes.withUnsafeBufferPointer(body)
                // The storage goes back, to build a later piece in.
                handoff.giveBack(&bytes)
                if !more { return }
            case .end(let counts):
                file = counts
                ended = true
            case nil:
                ended = true
            }
        }
    }
}
