/// The URL Standard's IPv6 parser and serializer: eight pieces of up to four hex digits, one `::` for a run of
/// zero pieces, and an IPv4 address in dotted decimal for the last two pieces. Serializing writes lower-case hex
/// without leading zeros and compresses the first longest run of two or more zero pieces.
enum IPv6Address {
    static func parse(_ input: ArraySlice<Unicode.Scalar>) throws(LinkPartError) -> [UInt16] {
        let input = Array(input)
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0
        func at(_ index: Int) -> Unicode.Scalar? { index < input.count ? input[index] : nil }

        if at(pointer) == ":" {
            guard at(pointer + 1) == ":" else { throw .badHost }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let scalar = at(pointer) {
            guard pieceIndex < 8 else { throw .badHost }
            if scalar == ":" {
                guard compress == nil else { throw .badHost }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let digit = at(pointer).flatMap(hexValue) {
                value = value << 4 | digit
                pointer += 1
                length += 1
            }
            if at(pointer) == "." {
                guard length > 0, pieceIndex <= 6 else { throw .badHost }
                pointer -= length
                try parseIPv4(input[pointer...], into: &address, at: pieceIndex)
                pieceIndex += 2
                pointer = input.count
                break
            }
            if at(pointer) == ":" {
                pointer += 1
                guard at(pointer) != nil else { throw .badHost }
            } else if at(pointer) != nil {
                throw .badHost
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            throw .badHost
        }
        return address
    }

    static func serialize(_ address: [UInt16]) -> String {
        let compress = longestZeroRun(address)
        var output = ""
        var index = 0
        while index < address.count {
            if let compress, index == compress.lowerBound {
                output += index == 0 ? "::" : ":"
                index = compress.upperBound
                continue
            }
            output += String(address[index], radix: 16)
            if index != address.count - 1 { output += ":" }
            index += 1
        }
        return output
    }

    /// The last two pieces from exactly four decimal numbers of 0 to 255 without leading zeros.
    private static func parseIPv4(
        _ input: ArraySlice<Unicode.Scalar>, into address: inout [UInt16], at pieceIndex: Int
    ) throws(LinkPartError) {
        let parts = input.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw .badHost }
        for (index, part) in parts.enumerated() {
            guard let first = part.first, first.isASCIIDigit, part.allSatisfy(\.isASCIIDigit),
                first != "0" || part.count == 1, part.count <= 3
            else { throw .badHost }
            let number = part.reduce(0) { $0 * 10 + UInt16($1.value - 48) }
            guard number <= 255 else { throw .badHost }
            address[pieceIndex + index / 2] = address[pieceIndex + index / 2] << 8 | number
        }
    }

    /// The first longest run of two or more zero pieces.
    private static func longestZeroRun(_ address: [UInt16]) -> Range<Int>? {
        var best: Range<Int>?
        var start: Int?
        for index in 0...address.count {
            if index < address.count, address[index] == 0 {
                if start == nil { start = index }
            } else if let runStart = start {
                if index - runStart > 1, index - runStart > best?.count ?? 0 { best = runStart..<index }
                start = nil
            }
        }
        return best
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt16? {
        switch scalar {
        case "0"..."9": UInt16(scalar.value - 48)
        case "a"..."f": UInt16(scalar.value - 87)
        case "A"..."F": UInt16(scalar.value - 55)
        default: nil
        }
    }
}
