/// The connected regions (4-neighbourhood) of a plane split into a darker and a brighter class, found on
/// runs: a run is a maximal horizontal stretch of one class in one row.
struct RegionLabeling {
    struct Region {
        var area = 0
        /// Bit 0 left, 1 right, 2 top, 3 bottom: the frame edges the region reaches.
        var edges: UInt8 = 0

        var edgeCount: Int { edges.nonzeroBitCount }
    }

    let width: Int
    let height: Int
    private(set) var runRow: [Int32] = []
    private(set) var runStart: [Int32] = []
    /// Exclusive.
    private(set) var runEnd: [Int32] = []
    /// The index in `regions` of each run's region.
    private(set) var runRegion: [Int32] = []
    private(set) var regions: [Region] = []

    /// `plane` holds `width * height` luma values; a pixel is bright when its luma is at least `threshold`.
    init(plane: UnsafeBufferPointer<UInt8>, width: Int, height: Int, threshold: Int) {
        self.width = width
        self.height = height
        var bright: [Bool] = []
        var parent: [Int32] = []
        let capacity = height * 8
        runRow.reserveCapacity(capacity)
        runStart.reserveCapacity(capacity)
        runEnd.reserveCapacity(capacity)
        bright.reserveCapacity(capacity)
        parent.reserveCapacity(capacity)
        let level = UInt8(clamping: threshold)
        var previousRows = 0..<0
        for y in 0..<height {
            let rowOffset = y * width
            let rowStart = runStart.count
            var x = 0
            while x < width {
                let isBright = plane[rowOffset + x] >= level
                let start = x
                x += 1
                while x < width, (plane[rowOffset + x] >= level) == isBright { x += 1 }
                runRow.append(Int32(y))
                runStart.append(Int32(start))
                runEnd.append(Int32(x))
                bright.append(isBright)
                parent.append(Int32(parent.count))
            }
            // Join each run to the runs of its class it overlaps in the row above.
            var above = previousRows.lowerBound
            for current in rowStart..<runStart.count {
                while above < previousRows.upperBound, runEnd[above] <= runStart[current] { above += 1 }
                var candidate = above
                while candidate < previousRows.upperBound, runStart[candidate] < runEnd[current] {
                    if bright[candidate] == bright[current] {
                        let a = Self.root(of: Int32(candidate), in: &parent)
                        let b = Self.root(of: Int32(current), in: &parent)
                        if a != b { parent[Int(max(a, b))] = min(a, b) }
                    }
                    candidate += 1
                }
            }
            previousRows = rowStart..<runStart.count
        }

        var regionOfRoot = [Int32](repeating: -1, count: parent.count)
        runRegion = [Int32](repeating: 0, count: parent.count)
        for run in 0..<parent.count {
            let top = Int(Self.root(of: Int32(run), in: &parent))
            if regionOfRoot[top] < 0 {
                regionOfRoot[top] = Int32(regions.count)
                regions.append(Region())
            }
            let region = Int(regionOfRoot[top])
            runRegion[run] = Int32(region)
            let start = Int(runStart[run])
            let end = Int(runEnd[run])
            let y = Int(runRow[run])
            regions[region].area += end - start
            if start == 0 { regions[region].edges |= 1 }
            if end == width { regions[region].edges |= 2 }
            if y == 0 { regions[region].edges |= 4 }
            if y == height - 1 { regions[region].edges |= 8 }
        }
    }

    /// Union-find with path halving.
    private static func root(of run: Int32, in parent: inout [Int32]) -> Int32 {
        var run = run
        while parent[Int(run)] != run {
            let grandparent = parent[Int(parent[Int(run)])]
            parent[Int(run)] = grandparent
            run = grandparent
        }
        return run
    }
}
