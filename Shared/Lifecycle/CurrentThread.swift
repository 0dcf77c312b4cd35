import Foundation

/// The calling thread as Linux sees it.
public enum CurrentThread {
    /// Names the calling thread `name`, cut to the 15 bytes Linux keeps (`/proc/<pid>/task/<tid>/comm`, `top -H`,
    /// a profiler); false when the system refused. Foundation's `Thread.name` is no way to do it on Linux: set
    /// before `start()` it does not reach the thread, and set from inside, it does only when the thread that
    /// started this one has finished starting it, so a thread that names itself at once may keep its parent's.
    @discardableResult
    public static func setName(_ name: String) -> Bool {
        let bytes = Array(name.utf8.prefix(15))
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return false }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let closed = close(descriptor)
        return written == bytes.count && closed == 0
    }
}
