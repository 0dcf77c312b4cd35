/// One region's outer boundary on the plane: its first and last pixel in every row and column it covers.
struct RegionOutline {
    /// Per row: the first pixel of the region, or -1.
    private(set) var rowFirst: [Int32]
    /// Per row: the last pixel of the region, or -1.
    private(set) var rowLast: [Int32]
    /// Per column: the first row of the region, or -1.
    private(set) var columnFirst: [Int32]
    /// Per column: the last row of the region, or -1.
    private(set) var columnLast: [Int32]
    /// The pixels between the first and the last of every row: the region with its holes filled.
    private(set) var filledArea = 0

    init(region: Int, of labeling: RegionLabeling) {
        rowFirst = [Int32](repeating: -1, count: labeling.height)
        rowLast = [Int32](repeating: -1, count: labeling.height)
        columnFirst = [Int32](repeating: -1, count: labeling.width)
        columnLast = [Int32](repeating: -1, count: labeling.width)
        let target = Int32(region)
        for run in labeling.runRegion.indices where labeling.runRegion[run] == target {
            let y = labeling.runRow[run]
            let row = Int(y)
            let start = labeling.runStart[run]
            let last = labeling.runEnd[run] - 1
            if rowFirst[row] < 0 || start < rowFirst[row] { rowFirst[row] = start }
            if last > rowLast[row] { rowLast[row] = last }
            // Runs come row by row from the top, so the first run that covers a column is its first row.
            for x in Int(start)...Int(last) {
                if columnFirst[x] < 0 { columnFirst[x] = y }
                columnLast[x] = y
            }
        }
        for row in rowFirst.indices where rowFirst[row] >= 0 {
            filledArea += Int(rowLast[row] - rowFirst[row]) + 1
        }
    }

    /// The convex hull of the region's pixels taken as unit squares, clockwise on screen.
    func convexHull() -> [FramePoint] {
        var points: [FramePoint] = []
        points.reserveCapacity(rowFirst.count * 4)
        for row in rowFirst.indices where rowFirst[row] >= 0 {
            let top = Float(row)
            let left = Float(rowFirst[row])
            let right = Float(rowLast[row] + 1)
            points.append(FramePoint(x: left, y: top))
            points.append(FramePoint(x: left, y: top + 1))
            points.append(FramePoint(x: right, y: top))
            points.append(FramePoint(x: right, y: top + 1))
        }
        return ConvexHull.of(points)
    }
}
