/// Fits a quadrilateral to a region: first by dropping the convex hull's least important vertices until four
/// are left, then, for each side, by a least-squares line through the sub-pixel points where the plane
/// crosses the threshold along the side; adjacent lines meet at the corners.
struct QuadFit {
    /// Corners in plane pixels, clockwise on screen.
    let corners: [FramePoint]
    /// The coarse quadrilateral's area over the hull's.
    let hullCoverage: Float

    /// Nil when the hull has fewer than four vertices or no area.
    init?(hull: [FramePoint]) {
        guard hull.count >= 4 else { return nil }
        let hullArea = ConvexHull.area(hull)
        guard hullArea > 0 else { return nil }
        var hull = hull
        if DocumentQuad.doubleSignedArea(hull) < 0 { hull.reverse() }
        // Visvalingam: drop the vertex whose triangle with its neighbours is smallest until four are left.
        var kept = Array(hull.indices)
        while kept.count > 4 {
            var smallest = 0
            var smallestArea = Float.infinity
            for index in kept.indices {
                let area = Self.triangleArea(
                    hull[kept[(index + kept.count - 1) % kept.count]], hull[kept[index]],
                    hull[kept[(index + 1) % kept.count]])
                if area < smallestArea {
                    smallestArea = area
                    smallest = index
                }
            }
            kept.remove(at: smallest)
        }
        // Where a corner is cut by two close hull vertices, Visvalingam may keep the wrong one: move each
        // corner to the hull vertex between its neighbours that gives the largest quadrilateral.
        var improved = true
        var rounds = 0
        while improved, rounds < 8 {
            improved = false
            rounds += 1
            for corner in 0..<4 {
                let previous = kept[(corner + 3) % 4]
                let next = kept[(corner + 1) % 4]
                var best = kept[corner]
                var bestArea = Self.triangleArea(hull[previous], hull[best], hull[next])
                var candidate = (previous + 1) % hull.count
                while candidate != next {
                    let area = Self.triangleArea(hull[previous], hull[candidate], hull[next])
                    if area > bestArea {
                        bestArea = area
                        best = candidate
                    }
                    candidate = (candidate + 1) % hull.count
                }
                if best != kept[corner] {
                    kept[corner] = best
                    improved = true
                }
            }
        }
        corners = kept.map { hull[$0] }
        hullCoverage = ConvexHull.area(corners) / hullArea
    }

    private init(corners: [FramePoint], hullCoverage: Float) {
        self.corners = corners
        self.hullCoverage = hullCoverage
    }

    /// The corners moved to where the sides' fitted lines meet. A side with too few crossing points, or a
    /// corner that would move more than `maxMove` plane pixels, keeps the coarse position.
    func refined(
        outline: RegionOutline, plane: [UInt8], width: Int, height: Int, threshold: Int, maxMove: Float = 4
    ) -> QuadFit {
        let level = Float(threshold) - 0.5
        var lines: [Line?] = []
        plane.withUnsafeBufferPointer { plane in
            for side in 0..<4 {
                lines.append(
                    fitSide(
                        from: corners[side], to: corners[(side + 1) % 4], outline: outline, plane: plane,
                        width: width, height: height, level: level))
            }
        }
        var refined = corners
        for corner in 0..<4 {
            guard let incoming = lines[(corner + 3) % 4], let outgoing = lines[corner],
                let point = incoming.intersection(outgoing), point.distance(to: corners[corner]) <= maxMove
            else { continue }
            refined[corner] = point
        }
        return QuadFit(corners: refined, hullCoverage: hullCoverage)
    }

    /// A line n·p = c with |n| = 1.
    struct Line {
        var nx: Float
        var ny: Float
        var c: Float

        func intersection(_ other: Line) -> FramePoint? {
            let determinant = nx * other.ny - ny * other.nx
            // Sides closer than about 6° to parallel do not define a corner well.
            guard abs(determinant) > 0.1 else { return nil }
            return FramePoint(
                x: (c * other.ny - other.c * ny) / determinant, y: (nx * other.c - other.nx * c) / determinant)
        }
    }

    private func fitSide(
        from a: FramePoint, to b: FramePoint, outline: RegionOutline, plane: UnsafeBufferPointer<UInt8>,
        width: Int, height: Int, level: Float
    ) -> Line? {
        let dx = b.x - a.x
        let dy = b.y - a.y
        // Clockwise on screen, the outward normal of a side is (dy, -dx).
        let horizontal = abs(dx) >= abs(dy)
        var along: [Float] = []
        var across: [Float] = []
        func crossing(inside: Int, outside: Int, insideCentre: Float, step: Float) -> Float? {
            let valueIn = Float(plane[inside])
            let valueOut = Float(plane[outside])
            guard valueIn != valueOut else { return nil }
            let fraction = (valueIn - level) / (valueIn - valueOut)
            guard fraction >= 0, fraction <= 1 else { return nil }
            return insideCentre + step * fraction
        }
        if horizontal {
            let top = -dx < 0
            let lower = Int((min(a.x, b.x) + 0.12 * abs(dx)).rounded(.up))
            let upper = Int((max(a.x, b.x) - 0.12 * abs(dx)).rounded(.down))
            guard lower <= upper else { return nil }
            for x in max(lower, 0)...min(upper, width - 1) {
                let centre = Float(x) + 0.5
                let expected = a.y + (centre - a.x) / dx * dy
                let row = Int(top ? outline.columnFirst[x] : outline.columnLast[x])
                guard row >= 0 else { continue }
                let outsideRow = top ? row - 1 : row + 1
                guard outsideRow >= 0, outsideRow < height,
                    let y = crossing(
                        inside: row * width + x, outside: outsideRow * width + x, insideCentre: Float(row) + 0.5,
                        step: top ? -1 : 1),
                    abs(y - expected) <= 2.5
                else { continue }
                along.append(centre)
                across.append(y)
            }
        } else {
            let left = dy < 0
            let lower = Int((min(a.y, b.y) + 0.12 * abs(dy)).rounded(.up))
            let upper = Int((max(a.y, b.y) - 0.12 * abs(dy)).rounded(.down))
            guard lower <= upper else { return nil }
            for y in max(lower, 0)...min(upper, height - 1) {
                let centre = Float(y) + 0.5
                let expected = a.x + (centre - a.y) / dy * dx
                let column = Int(left ? outline.rowFirst[y] : outline.rowLast[y])
                guard column >= 0 else { continue }
                let outsideColumn = left ? column - 1 : column + 1
                guard outsideColumn >= 0, outsideColumn < width,
                    let x = crossing(
                        inside: y * width + column, outside: y * width + outsideColumn,
                        insideCentre: Float(column) + 0.5, step: left ? -1 : 1),
                    abs(x - expected) <= 2.5
                else { continue }
                along.append(centre)
                across.append(x)
            }
        }
        guard var fit = Self.leastSquares(along, across) else { return nil }
        // Once more without the points far from the first fit (a glare spot or a finger on the edge).
        var keptAlong: [Float] = []
        var keptAcross: [Float] = []
        for index in along.indices where abs(across[index] - (fit.offset + fit.slope * along[index])) <= 0.75 {
            keptAlong.append(along[index])
            keptAcross.append(across[index])
        }
        if let second = Self.leastSquares(keptAlong, keptAcross) { fit = second }
        // across = offset + slope · along
        let norm = (1 + fit.slope * fit.slope).squareRoot()
        return horizontal
            ? Line(nx: -fit.slope / norm, ny: 1 / norm, c: fit.offset / norm)
            : Line(nx: 1 / norm, ny: -fit.slope / norm, c: fit.offset / norm)
    }

    private static func leastSquares(_ xs: [Float], _ ys: [Float]) -> (offset: Float, slope: Float)? {
        guard xs.count >= 5 else { return nil }
        let count = Float(xs.count)
        var meanX: Float = 0
        var meanY: Float = 0
        for index in xs.indices {
            meanX += xs[index]
            meanY += ys[index]
        }
        meanX /= count
        meanY /= count
        var covariance: Float = 0
        var variance: Float = 0
        for index in xs.indices {
            covariance += (xs[index] - meanX) * (ys[index] - meanY)
            variance += (xs[index] - meanX) * (xs[index] - meanX)
        }
        guard variance > 0 else { return nil }
        let slope = covariance / variance
        return (meanY - slope * meanX, slope)
    }

    private static func triangleArea(_ a: FramePoint, _ b: FramePoint, _ c: FramePoint) -> Float {
        abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
    }
}
