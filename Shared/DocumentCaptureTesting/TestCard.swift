import DocumentCapture
import Foundation

/// Where a card lies in front of the camera. `width` is its long side in pixels were it facing the camera;
/// `rotationDegrees` turns it in its plane (clockwise on screen), `tiltDegrees` leans its top edge away from
/// the camera, so the top edge comes out shorter than the bottom one.
public struct TestCard: Sendable {
    public var kind = DocumentKind.id1
    public var centreX = 640.0
    public var centreY = 360.0
    public var width = 800.0
    public var rotationDegrees = 0.0
    public var tiltDegrees = 0.0

    public init(
        kind: DocumentKind = .id1, centreX: Double = 640, centreY: Double = 360, width: Double = 800,
        rotationDegrees: Double = 0, tiltDegrees: Double = 0
    ) {
        self.kind = kind
        self.centreX = centreX
        self.centreY = centreY
        self.width = width
        self.rotationDegrees = rotationDegrees
        self.tiltDegrees = tiltDegrees
    }

    /// The card's size in millimetres.
    public var millimetres: (width: Double, height: Double) {
        switch kind {
        case .id1: (85.60, 53.98)
        case .id3: (125, 88)
        }
    }

    /// The projection from card millimetres (origin at the top-left corner) to frame pixels, for a pinhole
    /// camera of focal length `focal` pixels looking through the frame's centre.
    public func homography(frameWidth: Int, frameHeight: Int, focal: Double) -> Homography {
        let (w, h) = millimetres
        let depth = focal * w / width
        let cx = Double(frameWidth) / 2
        let cy = Double(frameHeight) / 2
        let centre = ((centreX - cx) * depth / focal, (centreY - cy) * depth / focal, depth)
        let theta = rotationDegrees * .pi / 180
        let alpha = tiltDegrees * .pi / 180
        // The card's axes turned by theta in its plane, then leaned by alpha about the horizontal axis.
        let u = (cos(theta), sin(theta) * cos(alpha), sin(theta) * sin(alpha))
        let v = (-sin(theta), cos(theta) * cos(alpha), cos(theta) * sin(alpha))
        let origin = (
            centre.0 - w / 2 * u.0 - h / 2 * v.0, centre.1 - w / 2 * u.1 - h / 2 * v.1,
            centre.2 - w / 2 * u.2 - h / 2 * v.2
        )
        func project(_ p: (Double, Double, Double)) -> (Double, Double, Double) {
            (focal * p.0 + cx * p.2, focal * p.1 + cy * p.2, p.2)
        }
        let (a, b, c) = (project(u), project(v), project(origin))
        return Homography(m: [a.0, b.0, c.0, a.1, b.1, c.1, a.2, b.2, c.2])
    }
}

/// A 3×3 matrix, row-major, acting on (x, y, 1).
public struct Homography: Sendable {
    public var m: [Double]

    public init(m: [Double]) { self.m = m }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let z = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / z, (m[3] * x + m[4] * y + m[5]) / z)
    }

    public var inverse: Homography {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        let adjugate = [
            e * i - f * h, c * h - b * i, b * f - c * e,
            f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d,
        ]
        return Homography(m: adjugate.map { $0 / determinant })
    }
}
