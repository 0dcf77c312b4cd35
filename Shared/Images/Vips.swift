import CVips

/// Process-wide libvips setup and its error buffer.
enum Vips {
    /// nil when libvips started, else why not. Swift runs a static `let` initializer exactly once, under a
    /// lock, the first time it is read, so `vips_init` runs once however many threads read images.
    private static let startFailure: String? = {
        guard vips_init("folio") == 0 else {
            return takeErrorMessage(fallback: "vips_init failed")
        }
        // Loaders libvips marks as unsafe for untrusted input (e.g. ImageMagick, MATLAB, FITS) stay off.
        vips_block_untrusted_set(1)
        // The operation cache would keep images alive after their buffer is gone, and could hand back a
        // cached image for new bytes at the same address: every read loads afresh.
        vips_cache_set_max(0)
        // libvips also logs each decode failure as a GLib warning on stderr; the reason is already in the
        // error a read throws.
        _ = g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, { _, _, _, _ in }, nil)
        return nil
    }()

    /// Starts libvips on first use; throws ``ImageReadError/unreadable(message:)`` if it cannot start.
    static func ensureStarted() throws(ImageReadError) {
        if let startFailure { throw .unreadable(message: "libvips did not start: \(startFailure)") }
    }

    /// libvips' error text, which is then cleared; `fallback` when it is empty. libvips keeps one error
    /// buffer per process, so a read that fails while another fails may see both messages.
    static func takeErrorMessage(fallback: String) -> String {
        guard let copy = vips_error_buffer_copy() else { return fallback }
        defer { g_free(copy) }
        var text = String(cString: copy)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text.isEmpty ? fallback : text
    }
}
