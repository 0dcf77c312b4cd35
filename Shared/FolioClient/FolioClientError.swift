@_exported import FolioWire

/// The name services and tests know Folio's error by: FolioClient reports every failure as the one
/// ``FolioAPIError`` of the shared wire module.
public typealias FolioClientError = FolioAPIError
