import CMicroHTTPD
import CShims

// libmicrohttpd callbacks. Each receives the `ServerCore` (unretained: the server outlives its daemon) or
// the `RequestContext` (retained by the request slot or the response) as its opaque closure argument.

/// `MHD_AccessHandlerCallback`: called once the headers are in, for each body part, when the request is
/// complete, and again after every resume until a response is queued.
let accessHandlerCallback: MHD_AccessHandlerCallback = {
    cls, connection, url, method, _, uploadData, uploadDataSize, contextSlot in
    guard let cls, let connection, let uploadDataSize, let contextSlot else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = contextSlot.pointee else {
        return core.beginRequest(
            connection: connection, url: url, method: method, contextSlot: contextSlot)
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    let size = uploadDataSize.pointee
    if size > 0 {
        uploadDataSize.pointee = 0
        return core.receiveBody(
            UnsafeRawBufferPointer(start: uploadData, count: size), context: context)
    }
    return core.requestComplete(context)
}

/// `MHD_RequestCompletedCallback`: the request is over (sent, failed, timed out or the daemon stops).
let requestCompletedCallback: MHD_RequestCompletedCallback = { cls, _, contextSlot, _ in
    guard let cls, let contextSlot, let raw = contextSlot.pointee else { return }
    contextSlot.pointee = nil
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    core.requestClosed(context)
}

/// `MHD_ContentReaderCallback` for stream bodies.
let streamReaderCallback: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return MHD_CONTENT_READER_END_WITH_ERROR }
    let context = Unmanaged<RequestContext>.fromOpaque(cls).takeUnretainedValue()
    return context.core.readStream(context, into: buffer, max: max)
}

/// `MHD_ContentReaderFreeCallback`: drops the reference the stream response held.
let streamReaderFreeCallback: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<RequestContext>.fromOpaque(cls).release()
}
