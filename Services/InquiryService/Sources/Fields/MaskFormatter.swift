/// Shapes typed text by a mask pattern such as `##.##.####` (MaskView `pattern` and `maxLength`).
///
/// `#` is a slot for one digit; every other pattern character is a literal. Walking the pattern:
/// - a slot takes the next typed digit, dropping typed non-digits before it;
/// - a literal is inserted once the text reaches it (some slot before it is filled, or a digit is still to
///   come and a slot after the literal can take it), and a typed character equal to that literal is consumed,
///   so `1203` and `12.03.` both give `12.03.`;
/// - typed text beyond the pattern is dropped, and `maxLength` caps the result.
///
/// Text without any digit gives `""`. Applying the mask to its own result changes nothing.
public struct MaskFormatter: Hashable, Sendable {
    /// The digit slot.
    public static let slot: Character = "#"

    public let pattern: String
    /// The longest result in characters; `nil` for no cap beyond the pattern.
    public let maxLength: Int?

    public init(pattern: String, maxLength: Int?) {
        self.pattern = pattern
        self.maxLength = maxLength
    }

    /// The pattern as far as `maxLength` lets the text reach.
    private var reachablePattern: Substring {
        guard let maxLength else { return Substring(pattern) }
        return pattern.prefix(max(0, maxLength))
    }

    /// The number of digit slots the text can fill.
    public var slotCount: Int { reachablePattern.reduce(0) { $0 + ($1 == Self.slot ? 1 : 0) } }

    /// `typed` shaped by the mask.
    public func apply(_ typed: String) -> String {
        shape(typed).text
    }

    /// Whether shaping `masked` fills every slot the text can reach.
    public func isComplete(_ masked: String) -> Bool {
        shape(masked).filledSlots == slotCount
    }

    private func shape(_ typed: String) -> (text: String, filledSlots: Int) {
        let input = Array(typed)
        var digitsAhead = input.reduce(0) { $0 + (FieldDigit.value(of: $1) == nil ? 0 : 1) }
        var index = 0
        var output = ""
        var filled = 0
        // Slots still ahead within maxLength: a digit yet to come puts a literal in only if one can take it
        // (`-#` capped at 1 gives nothing for `1`, not `-`, which would give nothing itself).
        var slotsAhead = slotCount
        for patternCharacter in reachablePattern {
            if patternCharacter == Self.slot {
                slotsAhead -= 1
                while index < input.count, FieldDigit.value(of: input[index]) == nil { index += 1 }
                guard index < input.count, let digit = FieldDigit.ascii(input[index]) else { break }
                output.append(digit)
                digitsAhead -= 1
                filled += 1
                index += 1
            } else {
                guard filled > 0 || (digitsAhead > 0 && slotsAhead > 0) else { break }
                if index < input.count, input[index] == patternCharacter {
                    if FieldDigit.value(of: input[index]) != nil { digitsAhead -= 1 }
                    index += 1
                }
                output.append(patternCharacter)
            }
        }
        return (output, filled)
    }
}
