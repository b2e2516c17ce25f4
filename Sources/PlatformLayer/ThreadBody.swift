/// The closure a new thread runs, boxed to pass through `pthread_create`'s context pointer.
final class ThreadBody: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
