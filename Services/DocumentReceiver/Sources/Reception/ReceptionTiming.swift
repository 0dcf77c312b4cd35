import Foundation

/// When the reception asks Folio again (spec `folio-documents.md`, "Automatic reception"): while a document is on
/// its way on a timer that starts at 3 seconds and doubles up to a minute, once a minute while the issuer
/// decides, and never before the issuer's interval passed since the last read of an issuance.
public struct ReceptionTiming: Sendable, Equatable {
    /// Between two reads of an issuance the issuer has not decided yet.
    public var decidingSeconds: Double
    /// The first wait while a document is on its way; it doubles up to `onItsWayMaxSeconds`.
    public var onItsWayFirstSeconds: Double
    public var onItsWayMaxSeconds: Double
    /// Added to the issuer's interval, so a clock that runs a little apart from Folio's never reads early.
    public var intervalMarginSeconds: Double

    public init(
        decidingSeconds: Double = 60, onItsWayFirstSeconds: Double = 3, onItsWayMaxSeconds: Double = 60,
        intervalMarginSeconds: Double = 0.25
    ) {
        self.decidingSeconds = decidingSeconds
        self.onItsWayFirstSeconds = onItsWayFirstSeconds
        self.onItsWayMaxSeconds = onItsWayMaxSeconds
        self.intervalMarginSeconds = intervalMarginSeconds
    }

    /// The wait of the `step`th timer while a document is on its way (0: the first).
    public func onItsWayDelay(step: Int) -> Double {
        min(onItsWayFirstSeconds * pow(2, Double(min(step, 30))), onItsWayMaxSeconds)
    }
}

/// An issuance the reception waits for, in memory (spec "Limitations": after a restart it is found once Folio
/// lists its invite).
public struct WatchedIssuance: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// The issuer has not decided (or failed and may still issue).
        case deciding
        /// Issued: the document travels until it is in the vault.
        case onItsWay
    }

    public var id: String
    /// The runtime whose inquiry offered it; nil for one found through its invite.
    public var originRuntimeID: String?
    public var phase: Phase
    /// The issuer's floor between two reads, in seconds (0 until the first read tells it).
    public var interval: Double
    public var lastReadAt: Date?
    /// When the next timer pass should look at it.
    public var nextPassAt: Date
    /// How many timer waits ran while on its way.
    public var onItsWaySteps: Int
    /// ISSUED: the invite and the record it shares.
    public var inviteID: String?

    public init(id: String, originRuntimeID: String?, now: Date) {
        self.id = id
        self.originRuntimeID = originRuntimeID
        self.phase = .deciding
        self.interval = 0
        self.lastReadAt = nil
        self.nextPassAt = now
        self.onItsWaySteps = 0
        self.inviteID = nil
    }

    /// The issuer's interval allows a read at `now`.
    public func mayRead(at now: Date, _ timing: ReceptionTiming) -> Bool {
        guard let lastReadAt else { return true }
        return now.timeIntervalSince(lastReadAt) >= interval + timing.intervalMarginSeconds
    }

    /// Read at `now`: the issuer still decides. The next look is a minute away, and never before the interval.
    public mutating func stillDeciding(interval: Int, at now: Date, _ timing: ReceptionTiming) {
        self.interval = Double(interval)
        lastReadAt = now
        phase = .deciding
        onItsWaySteps = 0
        nextPassAt = now.addingTimeInterval(max(timing.decidingSeconds, earliestGap(timing)))
    }

    /// Folio answered SLOW_DOWN: read no earlier than `retryAfter` (or the interval).
    public mutating func slowedDown(retryAfter: Double?, at now: Date, _ timing: ReceptionTiming) {
        lastReadAt = now
        if let retryAfter { interval = max(interval, retryAfter) }
        nextPassAt = max(nextPassAt, now.addingTimeInterval(earliestGap(timing)))
    }

    /// Read at `now` as ISSUED with `inviteID`.
    public mutating func issued(inviteID: String?, interval: Int, at now: Date) {
        self.interval = Double(interval)
        self.inviteID = inviteID ?? self.inviteID
        lastReadAt = now
        if phase != .onItsWay {
            phase = .onItsWay
            onItsWaySteps = 0
        }
    }

    /// The document is still on its way after a pass at `now`: the next timer doubles, up to a minute.
    public mutating func stillOnItsWay(at now: Date, _ timing: ReceptionTiming) {
        phase = .onItsWay
        var next = now.addingTimeInterval(timing.onItsWayDelay(step: onItsWaySteps))
        if let lastReadAt { next = max(next, lastReadAt.addingTimeInterval(earliestGap(timing))) }
        nextPassAt = next
        onItsWaySteps += 1
    }

    private func earliestGap(_ timing: ReceptionTiming) -> Double { interval + timing.intervalMarginSeconds }
}
