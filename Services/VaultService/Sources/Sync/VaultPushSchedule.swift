/// When a pass sends which unit of its push (an entry, or a batch of creates): at most `width` units out at Folio
/// at once; a batch's place is free once Folio answered it, and its answers are recorded while the next unit goes
/// out; while `width` answered batches wait to be recorded, no unit goes out. No I/O: `VaultSync` sends and records
/// what it says.
struct VaultPushSchedule {
    let width: Int
    private var pending: ArraySlice<VaultPush.Unit>
    /// Units sent and not answered yet.
    private(set) var sending = 0
    /// Batches answered and not recorded yet.
    private(set) var recording = 0

    init(_ units: [VaultPush.Unit], width: Int) {
        self.pending = units[...]
        self.width = max(width, 1)
    }

    /// The units that go out first.
    mutating func start() -> [VaultPush.Unit] { unitsToSend() }

    /// Folio answered a batch: its recording starts; answers the units that go out now.
    mutating func batchAnswered() -> [VaultPush.Unit] {
        sending -= 1
        recording += 1
        return unitsToSend()
    }

    /// An entry was pushed on its own (and recorded); answers the units that go out now.
    mutating func entryPushed() -> [VaultPush.Unit] {
        sending -= 1
        return unitsToSend()
    }

    /// A batch's answers were recorded; answers the units that go out now.
    mutating func batchRecorded() -> [VaultPush.Unit] {
        recording -= 1
        return unitsToSend()
    }

    private mutating func unitsToSend() -> [VaultPush.Unit] {
        var units: [VaultPush.Unit] = []
        while sending < width, recording < width, let unit = pending.popFirst() {
            sending += 1
            units.append(unit)
        }
        return units
    }
}
