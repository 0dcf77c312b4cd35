/// The document's outline in frame pixels: a convex quadrilateral, corners clockwise on screen starting at the
/// one nearest the frame's top-left corner (the smallest x + y).
public struct DocumentQuad: Codable, Hashable, Sendable {
    public var topLeft: FramePoint
    public var topRight: FramePoint
    public var bottomRight: FramePoint
    public var bottomLeft: FramePoint

    public init(topLeft: FramePoint, topRight: FramePoint, bottomRight: FramePoint, bottomLeft: FramePoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Four corners in polygon order, either orientation, put in this type's order; nil unless there are four.
    public init?(polygon corners: [FramePoint]) {
        guard corners.count == 4 else { return nil }
        var ordered = corners
        if Self.doubleSignedArea(ordered) < 0 { ordered.reverse() }
        var first = 0
        for index in 1..<4 where ordered[index].x + ordered[index].y < ordered[first].x + ordered[first].y {
            first = index
        }
        self.init(
            topLeft: ordered[first], topRight: ordered[(first + 1) % 4], bottomRight: ordered[(first + 2) % 4],
            bottomLeft: ordered[(first + 3) % 4])
    }

    public var corners: [FramePoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    public var area: Float { abs(Self.doubleSignedArea(corners)) / 2 }

    public var centroid: FramePoint {
        FramePoint(
            x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4,
            y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// How far the quad moved from `other`: the largest distance from a corner of either quad to the nearest
    /// corner of the other. Corner labels do not matter, so a card turned about 45° whose top-left corner
    /// changes from one frame to the next does not count as moving.
    public func largestCornerShift(from other: DocumentQuad) -> Float {
        func oneWay(_ from: [FramePoint], _ to: [FramePoint]) -> Float {
            var largest: Float = 0
            for point in from {
                var nearest = Float.infinity
                for candidate in to { nearest = min(nearest, point.distance(to: candidate)) }
                largest = max(largest, nearest)
            }
            return largest
        }
        return max(oneWay(corners, other.corners), oneWay(other.corners, corners))
    }

    /// Every corner multiplied by `factor`: from one plane's pixels to another's.
    func scaled(by factor: Float) -> DocumentQuad {
        func scale(_ point: FramePoint) -> FramePoint { FramePoint(x: point.x * factor, y: point.y * factor) }
        return DocumentQuad(
            topLeft: scale(topLeft), topRight: scale(topRight), bottomRight: scale(bottomRight),
            bottomLeft: scale(bottomLeft))
    }

    /// Every corner moved `fraction` of the way towards the centroid.
    func shrunk(by fraction: Float) -> DocumentQuad {
        let centre = centroid
        func pull(_ point: FramePoint) -> FramePoint {
            FramePoint(x: point.x + (centre.x - point.x) * fraction, y: point.y + (centre.y - point.y) * fraction)
        }
        return DocumentQuad(
            topLeft: pull(topLeft), topRight: pull(topRight), bottomRight: pull(bottomRight),
            bottomLeft: pull(bottomLeft))
    }

    /// Twice the shoelace area; positive when the points run clockwise on screen (y grows downwards).
    static func doubleSignedArea(_ points: [FramePoint]) -> Float {
        var sum: Float = 0
        for index in points.indices {
            let a = points[index]
            let b = points[(index + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }
}
