#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own running one closure: the string table's second reader here, the workers
/// of `Parallel` in the modules above (which cannot lend this module theirs).
package enum NativeThread {
    package typealias Handle = pthread_t

    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread with a stack of `stackSize` bytes; `nil` when none can be
    /// started (the caller then does the work itself).
    package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Handle? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0, let thread else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return thread
        #else
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return thread
        #endif
    }

    /// Lets `thread` end on its own: nothing joins it, and what it holds is freed when it does.
    package static func detach(_ thread: Handle) {
        pthread_detach(thread)
    }

    /// Waits for `thread` to end.
    package static func join(_ thread: Handle) {
        pthread_join(thread, nil)
    }
}
