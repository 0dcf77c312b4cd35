/// An error from configuring, starting or administering the FolioEmulator.
public struct EmulatorError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case invalidConfiguration
        case invalidFixture
        case fixturesUnreadable
        case startFailed
        case clockNotAdjustable
        case signingFailed
        case adminRequestFailed
    }

    private let code: Code
    /// The fixture file at fault, for ``invalidFixture`` errors.
    public let file: String?
    /// Details: the variable, the field, the status, the underlying error.
    public let detail: String

    private init(_ code: Code, file: String? = nil, _ detail: String = "") {
        self.code = code
        self.file = file
        self.detail = detail
    }

    /// An environment variable or configuration value is not valid.
    public static var invalidConfiguration: Self { .init(.invalidConfiguration) }
    /// A fixture file is not valid JSON or breaks the fixture format; ``file`` names it.
    public static var invalidFixture: Self { .init(.invalidFixture) }
    /// The fixtures folder is missing or cannot be read.
    public static var fixturesUnreadable: Self { .init(.fixturesUnreadable) }
    /// The HTTP server could not start, or was already started.
    public static var startFailed: Self { .init(.startFailed) }
    /// The clock was asked to move in live mode.
    public static var clockNotAdjustable: Self { .init(.clockNotAdjustable) }
    /// A key could not be derived or a token could not be signed.
    public static var signingFailed: Self { .init(.signingFailed) }
    /// An admin call made by ``FolioEmulatorAdmin`` failed or was refused.
    public static var adminRequestFailed: Self { .init(.adminRequestFailed) }

    static func invalidConfiguration(_ detail: String) -> Self { .init(.invalidConfiguration, detail) }
    static func invalidFixture(_ file: String, _ detail: String) -> Self {
        .init(.invalidFixture, file: file, detail)
    }
    static func fixturesUnreadable(_ detail: String) -> Self { .init(.fixturesUnreadable, detail) }
    static func startFailed(_ detail: String) -> Self { .init(.startFailed, detail) }
    static func signingFailed(_ detail: String) -> Self { .init(.signingFailed, detail) }
    static func adminRequestFailed(_ detail: String) -> Self { .init(.adminRequestFailed, detail) }

    /// Compares the kind of error only, not the file or detail.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    public var description: String {
        let base: String
        switch code {
        case .invalidConfiguration: base = "invalid emulator configuration"
        case .invalidFixture: base = "invalid fixture file"
        case .fixturesUnreadable: base = "cannot read the fixtures folder"
        case .startFailed: base = "emulator failed to start"
        case .clockNotAdjustable: base = "the clock cannot be adjusted in live mode"
        case .signingFailed: base = "signing failed"
        case .adminRequestFailed: base = "emulator admin request failed"
        }
        var text = base
        if let file { text += " \(file)" }
        if !detail.isEmpty { text += ": \(detail)" }
        return text
    }
}
