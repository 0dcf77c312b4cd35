import CCurl

/// The response being collected by libcurl's callbacks during one transfer.
final class CurlTransfer {
    let job: CurlJob
    let maxResponseSize: Int
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    var tooLarge = false

    init(job: CurlJob, maxResponseSize: Int) {
        self.job = job
        self.maxResponseSize = maxResponseSize
    }

    func receiveHeader(_ line: UnsafeRawBufferPointer) {
        var bytes = line[...]
        while let last = bytes.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
        }
        if bytes.starts(with: "HTTP/".utf8) {
            // A new header block (after "100 Continue" or a redirect) replaces the previous one.
            headers = [:]
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: trimmed(bytes[..<colon]), as: UTF8.self).lowercased()
        let value = String(decoding: trimmed(bytes[(colon + 1)...]), as: UTF8.self)
        guard !name.isEmpty else { return }
        if let previous = headers[name] {
            headers[name] = previous + ", " + value
        } else {
            headers[name] = value
        }
    }

    private func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        var result = bytes
        while let first = result.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            result = result.dropFirst()
        }
        while let last = result.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            result = result.dropLast()
        }
        return result
    }
}

/// `CURLOPT_WRITEFUNCTION`: appends body bytes; returning a short count aborts past the size limit.
let curlWriteCallback: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard transfer.body.count + length <= transfer.maxResponseSize else {
        transfer.tooLarge = true
        return 0
    }
    transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    return length
}

/// `CURLOPT_HEADERFUNCTION`: called once per header line, status line included.
let curlHeaderCallback: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length))
    return length
}

/// `CURLOPT_XFERINFOFUNCTION`: a non-zero return aborts the transfer when the caller's task was cancelled.
let curlProgressCallback: curl_xferinfo_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().job.isCancelled ? 1 : 0
}
