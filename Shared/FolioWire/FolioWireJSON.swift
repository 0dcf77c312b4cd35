import Foundation

/// JSON coders for the Folio API: times are RFC 3339 UTC strings (fractional seconds optional).
enum FolioJSON {
    private static let whole = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            let seconds = date.timeIntervalSince1970
            try container.encode(
                seconds.rounded(.down) == seconds ? whole.format(date) : fractional.format(date))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? whole.parse(text) { return date }
            if let date = try? fractional.parse(text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(text) is not an RFC 3339 time")
        }
        return decoder
    }
}
