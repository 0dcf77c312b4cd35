/// The frame at half and at quarter resolution. `half` keeps the sums of 2×2 pixels (0...1020) so the
/// Laplacian loses no precision; `quarter` holds the rounded mean of 4×4 pixels. A trailing odd row or
/// column of the frame is dropped.
struct LumaPlanes {
    let halfWidth: Int
    let halfHeight: Int
    let half: [UInt16]
    let quarterWidth: Int
    let quarterHeight: Int
    let quarter: [UInt8]

    /// `luma` holds at least `width * height` bytes and both sizes are at least 4.
    init(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        let halfWidth = width / 2
        let halfHeight = height / 2
        let quarterWidth = halfWidth / 2
        let quarterHeight = halfHeight / 2
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.quarterWidth = quarterWidth
        self.quarterHeight = quarterHeight
        half = [UInt16](unsafeUninitializedCapacity: halfWidth * halfHeight) { out, count in
            guard let source = luma.baseAddress, let target = out.baseAddress else { return }
            for y in 0..<halfHeight {
                Self.sumPairs(
                    top: source + 2 * y * width, bottom: source + (2 * y + 1) * width, into: target + y * halfWidth,
                    count: halfWidth)
            }
            count = halfWidth * halfHeight
        }
        quarter = half.withUnsafeBufferPointer { half in
            [UInt8](unsafeUninitializedCapacity: quarterWidth * quarterHeight) { out, count in
                guard let source = half.baseAddress, let target = out.baseAddress else { return }
                for y in 0..<quarterHeight {
                    let top = source + 2 * y * halfWidth
                    let bottom = top + halfWidth
                    let row = target + y * quarterWidth
                    for x in 0..<quarterWidth {
                        let sum = top[2 * x] &+ top[2 * x + 1] &+ bottom[2 * x] &+ bottom[2 * x + 1]
                        row[x] = UInt8(truncatingIfNeeded: (sum &+ 8) >> 4)
                    }
                }
                count = quarterWidth * quarterHeight
            }
        }
    }

    /// How many pixels of the quarter plane have each luma.
    func quarterHistogram() -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        histogram.withUnsafeMutableBufferPointer { histogram in
            for value in quarter { histogram[Int(value)] &+= 1 }
        }
        return histogram
    }

    /// `into[x] = top[2x] + top[2x+1] + bottom[2x] + bottom[2x+1]` for x in 0..<count.
    private static func sumPairs(
        top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>, into row: UnsafeMutablePointer<UInt16>, count: Int
    ) {
        var x = 0
        #if _endian(little)
            // Sixteen bytes at a time as two UInt64: adding each byte to its neighbour leaves 16-bit sums in
            // the 16-bit lanes, in pixel order, which is how UInt16 values lie in memory.
            let mask = SIMD2<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
            let topBytes = UnsafeRawPointer(top)
            let bottomBytes = UnsafeRawPointer(bottom)
            let output = UnsafeMutableRawPointer(row)
            while x + 8 <= count {
                let a = topBytes.loadUnaligned(fromByteOffset: 2 * x, as: SIMD2<UInt64>.self)
                let b = bottomBytes.loadUnaligned(fromByteOffset: 2 * x, as: SIMD2<UInt64>.self)
                let sums = (a & mask) &+ ((a &>> 8) & mask) &+ (b & mask) &+ ((b &>> 8) & mask)
                output.storeBytes(of: sums, toByteOffset: 2 * x, as: SIMD2<UInt64>.self)
                x += 8
            }
        #endif
        while x < count {
            row[x] = UInt16(top[2 * x]) &+ UInt16(top[2 * x + 1]) &+ UInt16(bottom[2 * x]) &+ UInt16(bottom[2 * x + 1])
            x += 1
        }
    }
}
