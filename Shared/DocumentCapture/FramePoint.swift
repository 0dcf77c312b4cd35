/// A point in frame pixels: x to the right, y down; (0, 0) is the top-left corner of the first pixel, so the
/// centre of pixel (i, j) is (i + 0.5, j + 0.5).
public struct FramePoint: Codable, Hashable, Sendable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    public func distance(to other: FramePoint) -> Float {
        let dx = x - other.x
        let dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
