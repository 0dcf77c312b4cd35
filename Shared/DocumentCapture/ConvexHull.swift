/// Andrew's monotone chain.
enum ConvexHull {
    /// The hull's vertices clockwise on screen (y down), without collinear points; fewer than three points
    /// come back as they are.
    static func of(_ points: [FramePoint]) -> [FramePoint] {
        guard points.count >= 3 else { return points }
        let sorted = points.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        func cross(_ o: FramePoint, _ a: FramePoint, _ b: FramePoint) -> Float {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var hull: [FramePoint] = []
        hull.reserveCapacity(sorted.count + 1)
        // With y down, a positive cross product is a clockwise turn on screen; keeping only those makes the
        // lower chain (top of the screen) first.
        for point in sorted {
            while hull.count >= 2, cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 { hull.removeLast() }
            hull.append(point)
        }
        let lowerCount = hull.count + 1
        for point in sorted.reversed().dropFirst() {
            while hull.count >= lowerCount, cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 {
                hull.removeLast()
            }
            hull.append(point)
        }
        hull.removeLast()
        return hull
    }

    /// The polygon's area (any orientation).
    static func area(_ polygon: [FramePoint]) -> Float {
        abs(DocumentQuad.doubleSignedArea(polygon)) / 2
    }

    /// The mean of the vertices: inside a convex polygon.
    static func centroid(_ polygon: [FramePoint]) -> FramePoint {
        guard !polygon.isEmpty else { return FramePoint(x: 0, y: 0) }
        var x: Float = 0
        var y: Float = 0
        for point in polygon {
            x += point.x
            y += point.y
        }
        return FramePoint(x: x / Float(polygon.count), y: y / Float(polygon.count))
    }

    /// Whether `point` lies inside or on the convex polygon, whose vertices run clockwise on screen.
    static func contains(_ polygon: [FramePoint], _ point: FramePoint) -> Bool {
        guard polygon.count >= 3 else { return false }
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            if (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x) < 0 { return false }
        }
        return true
    }
}
