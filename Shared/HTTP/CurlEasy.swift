import CCurl
import CShims

/// `curl_global_init` runs once, on first use of a handle (Swift globals initialize exactly once).
private let curlGlobalInitResult: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))

/// One libcurl easy handle, reused across requests so its connection cache keeps connections alive.
/// Only ever used by the worker thread that owns it.
final class CurlEasy {
    /// Bodies larger than this wait for the server's "100 Continue" before they are sent.
    static let expectContinueAbove = 1 << 20

    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init?() {
        guard curlGlobalInitResult == CURLE_OK, let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Runs one request to completion (blocking).
    func perform(_ job: CurlJob, configuration: HTTPClient.Configuration) -> Result<
        HTTPClientResponse, any Error
    > {
        if job.isCancelled { return .failure(CancellationError()) }
        // Resets options only; the connection cache survives.
        curl_easy_reset(handle)
        errorBuffer[0] = 0
        let transfer = CurlTransfer(
            job: job, maxResponseSize: job.request.maxResponseSize ?? configuration.maxResponseSize)
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }

        let request = job.request
        let result: CURLcode
        do {
            try configure(transfer: transfer, configuration: configuration)
            for (name, value) in request.headers {
                // "Name;" is libcurl's way to send a header with an empty value.
                let line = value.isEmpty ? "\(name);" : "\(name): \(value)"
                guard let appended = curl_slist_append(headerList, line) else {
                    throw failure(CURLE_OUT_OF_MEMORY)
                }
                headerList = appended
            }
            // A large body waits for the server's "100 Continue" (at most a second), so a server that refuses
            // it from the head (413) answers before it is sent: sent anyway, the server's close with the body
            // unread resets the connection and the refusal is lost to a send failure. A small body goes out
            // with the head ("Expect:" with no value stops libcurl from adding the header).
            let expect = (request.body?.count ?? 0) > Self.expectContinueAbove ? "Expect: 100-continue" : "Expect:"
            guard let appended = curl_slist_append(headerList, expect) else {
                throw failure(CURLE_OUT_OF_MEMORY)
            }
            headerList = appended
            try check(
                folio_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(appended)))

            let method = request.method.uppercased()
            let body = request.body ?? []
            var sendsBody = false
            if method == "HEAD" {
                try check(folio_curl_setopt_long(handle, CURLOPT_NOBODY, 1))
            } else if request.body == nil, method != "POST", method != "PUT", method != "PATCH" {
                try check(folio_curl_setopt_long(handle, CURLOPT_HTTPGET, 1))
                if method != "GET" {
                    try check(folio_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method))
                }
            } else {
                if method != "POST" {
                    try check(folio_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method))
                }
                try check(
                    folio_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                if body.isEmpty {
                    try check(folio_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, ""))
                } else {
                    sendsBody = true
                }
            }
            // The body buffer must stay valid for the whole transfer, so perform inside the closure.
            result = try body.withUnsafeBytes { bytes in
                if sendsBody, let base = bytes.baseAddress {
                    try check(
                        folio_curl_setopt_pointer(
                            handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: base)))
                }
                return withExtendedLifetime(transfer) { curl_easy_perform(handle) }
            }
        } catch {
            return .failure(error)
        }

        if result == CURLE_ABORTED_BY_CALLBACK, job.isCancelled { return .failure(CancellationError()) }
        guard result == CURLE_OK else {
            return .failure(
                HTTPClientError(
                    curlCode: result, message: errorMessage(result), tooLarge: transfer.tooLarge))
        }
        var status = 0
        let infoResult = folio_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard infoResult == CURLE_OK else { return .failure(failure(infoResult)) }
        return .success(
            HTTPClientResponse(status: status, headers: transfer.headers, body: transfer.body))
    }

    private func configure(transfer: CurlTransfer, configuration: HTTPClient.Configuration) throws {
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        try check(folio_curl_setopt_string(handle, CURLOPT_URL, transfer.job.request.url))
        try check(folio_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        try check(folio_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        let timeout = transfer.job.request.timeout ?? configuration.timeout
        try check(folio_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(max(1, timeout.milliseconds))))
        try check(
            folio_curl_setopt_long(
                handle, CURLOPT_CONNECTTIMEOUT_MS, Int(max(1, configuration.connectTimeout.milliseconds))))
        try check(
            folio_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
        if transfer.maxResponseSize >= 0 {
            try check(
                folio_curl_setopt_off_t(
                    handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.maxResponseSize)))
        }
        try check(folio_curl_setopt_function(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback))
        try check(folio_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(folio_curl_setopt_function(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
        try check(folio_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        try check(folio_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0))
        try check(folio_curl_setopt_xferinfo(handle, curlProgressCallback))
        try check(folio_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
    }

    private func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else { throw failure(code) }
    }

    private func failure(_ code: CURLcode) -> HTTPClientError {
        HTTPClientError(curlCode: code, message: errorMessage(code), tooLarge: false)
    }

    private func errorMessage(_ code: CURLcode) -> String {
        if errorBuffer[0] != 0 { return String(cString: errorBuffer) }
        guard let text = curl_easy_strerror(code) else { return "" }
        return String(cString: text)
    }
}
