extension JSONValue {
    /// Compact UTF-8 JSON. Object members are written in key order so equal values give equal bytes.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output)
        return output
    }

    public var jsonString: String { String(decoding: serialized(), as: UTF8.self) }

    /// The bytes of ``serialized()``, handed to `consume` piece by piece and never held whole: for a large value
    /// read once, such as hashed. A piece ends after a member or element once it holds `pieceSize` bytes or more
    /// (so one long string is one piece); the last may be shorter.
    public func serialized(inPiecesOf pieceSize: Int, _ consume: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(consume) { consume in
            let pieces = Pieces(size: max(pieceSize, 1), consume: consume)
            var output: [UInt8] = []
            output.reserveCapacity(pieces.size + pieces.size / 2)
            write(to: &output, pieces: pieces)
            if !output.isEmpty { output.withUnsafeBufferPointer(consume) }
        }
    }

    public func write(to output: inout [UInt8]) { write(to: &output, pieces: nil) }

    /// Where ``serialized(inPiecesOf:_:)`` hands its pieces.
    private struct Pieces {
        let size: Int
        let consume: (UnsafeBufferPointer<UInt8>) -> Void

        func handOver(_ output: inout [UInt8]) {
            guard output.count >= size else { return }
            output.withUnsafeBufferPointer(consume)
            output.removeAll(keepingCapacity: true)
        }
    }

    private func write(to output: inout [UInt8], pieces: Pieces?) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value): JSONValue.writeDouble(value, to: &output)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output, pieces: pieces)
                pieces?.handOver(&output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output, pieces: pieces)
                pieces?.handOver(&output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeDouble(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        if value.rounded() == value, abs(value) < 1e15 {
            output.append(contentsOf: String(Int64(value)).utf8)
        } else {
            output.append(contentsOf: "\(value)".utf8)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // Plain bytes are copied in one go, up to the next byte that needs an escape.
                let end = JSONStringScan.plainEnd(bytes, from: index)
                if end > index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end])) }
                guard end < bytes.count else { break }
                writeEscape(bytes[end], to: &output)
                index = end + 1
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscape(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { jsonString }
}
