#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Starts a detached pthread running `body`. Returns false if the thread could not be created.
func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
        &thread, nil,
        { argument in
            guard let argument else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, box)
    guard result == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// Runs a blocking `body` on a fresh thread so it never occupies the cooperative pool.
func runOnDedicatedThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async
    -> Result
{
    await withCheckedContinuation { continuation in
        let started = startDetachedThread { continuation.resume(returning: body()) }
        if !started { continuation.resume(returning: body()) }
    }
}
