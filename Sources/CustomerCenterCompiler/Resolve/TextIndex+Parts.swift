extension TextIndex {
    /// The index of an authoring config built by several threads at once: its entries cut into
    /// ranges, each read by whichever thread takes it next (``work(_:)``), and joined in the order
    /// of the entries (``index()``), so the index is the one a single pass builds.
    final class Parts: Sendable {
        private let config: CustomerCenterConfig
        private let ranges: [Range<Int>]
        private let next = LockedValue(0)
        private let done: LockedValue<[Part?]>

        /// The parts of `config`'s table (an authoring config), `count` ranges of entries.
        init(_ config: CustomerCenterConfig, count: Int) {
            self.config = config
            let entries = (config.localization?.entries ?? .empty).indices
            let count = max(1, min(count, entries.count))
            ranges = (0..<count).map { part in
                (entries.lowerBound + entries.count * part / count)..<(entries.lowerBound + entries.count * (part + 1) / count)
            }
            done = LockedValue([Part?](repeating: nil, count: count))
        }

        /// Reads ranges not taken yet, until none is left. Every thread that helps calls it, with
        /// the config it was made with (`nil`), or that config through handles of the thread's
        /// own (``CustomerCenterConfig/forAnotherThread()``).
        func work(_ handle: CustomerCenterConfig? = nil) {
            let config = handle ?? self.config
            while true {
                let part: Int = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                guard part < ranges.count else { return }
                let read = Part(config, entries: ranges[part])
                done.withLock { $0[part] = read }
            }
        }

        /// The index, once every thread that called ``work(_:)`` has returned from it.
        func index() -> TextIndex {
            TextIndex(authoring: config, parts: done.withLock { $0.map { $0! } })
        }
    }
}
