/// The aspect ratio of the rectangle a quadrilateral is the picture of, for a pinhole camera looking through
/// the frame's centre with a known focal length (Zhang and He, "Whiteboard scanning and image enhancement",
/// 2007). Without perspective this is the ratio of the sides.
enum PerspectiveAspect {
    /// Long side over short side; `focalLength` in pixels. Falls back to the mean of opposite sides when the
    /// geometry is degenerate.
    static func ratio(of quad: DocumentQuad, width: Int, height: Int, focalLength: Double) -> Double {
        let cx = Double(width) / 2
        let cy = Double(height) / 2
        func vector(_ point: FramePoint) -> (Double, Double, Double) { (Double(point.x) - cx, Double(point.y) - cy, 1) }
        let m1 = vector(quad.topLeft)
        let m2 = vector(quad.topRight)
        let m3 = vector(quad.bottomLeft)
        let m4 = vector(quad.bottomRight)
        let k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3)
        let k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2)
        let n2 = (k2 * m2.0 - m1.0, k2 * m2.1 - m1.1, k2 * m2.2 - m1.2)
        let n3 = (k3 * m3.0 - m1.0, k3 * m3.1 - m1.1, k3 * m3.2 - m1.2)
        let f2 = focalLength * focalLength
        let squared = (n2.0 * n2.0 + n2.1 * n2.1 + f2 * n2.2 * n2.2) / (n3.0 * n3.0 + n3.1 * n3.1 + f2 * n3.2 * n3.2)
        guard squared.isFinite, squared > 0, k2 > 0, k3 > 0 else { return sideRatio(of: quad) }
        let ratio = squared.squareRoot()
        return max(ratio, 1 / ratio)
    }

    /// Long over short of the mean lengths of opposite sides.
    static func sideRatio(of quad: DocumentQuad) -> Double {
        let across =
            Double(quad.topLeft.distance(to: quad.topRight) + quad.bottomLeft.distance(to: quad.bottomRight)) / 2
        let down =
            Double(quad.topLeft.distance(to: quad.bottomLeft) + quad.topRight.distance(to: quad.bottomRight)) / 2
        guard across > 0, down > 0 else { return 0 }
        return max(across, down) / min(across, down)
    }

    private static func cross(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double)
    {
        (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }

    private static func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        a.0 * b.0 + a.1 * b.1 + a.2 * b.2
    }
}
