import CVips

/// One reference to a `VipsImage`, given up in deinit.
final class VipsImageHandle {
    let pointer: UnsafeMutablePointer<VipsImage>

    /// Takes over a reference the caller owns.
    init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    var width: Int32 { vips_image_get_width(pointer) }
    var height: Int32 { vips_image_get_height(pointer) }

    /// A string field of the image's metadata, e.g. `vips-loader`; nil when it has none.
    func string(_ field: String) -> String? {
        guard vips_image_get_typeof(pointer, field) != 0 else { return nil }
        var value: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, field, &value) == 0, let value else {
            _ = Vips.takeErrorMessage(fallback: "")
            return nil
        }
        return String(cString: value)
    }
}
