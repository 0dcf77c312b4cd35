import Bus
import FolioClient
import Foundation
import Images
import Postgres
import ServiceKit

/// The mapper of each organization, made once from the configuration.
public struct IdentityMappers: Sendable {
    let byOrganization: [String: any IdentityRecordMapper]
    let fallback: any IdentityRecordMapper

    /// Fails when a webhook mapper's secret does not read.
    public init(_ configuration: IdentityMapperConfiguration) throws {
        func make(_ mapper: IdentityMapperConfiguration.Mapper) throws -> any IdentityRecordMapper {
            switch mapper {
            case .savedIdentity: SavedIdentityMapper()
            case .webhook(let settings): try WebhookIdentityMapper(settings)
            }
        }
        byOrganization = try configuration.byOrganization.mapValues(make)
        fallback = try make(configuration.fallback)
    }

    func mapper(for organizationID: String) -> any IdentityRecordMapper {
        byOrganization[organizationID] ?? fallback
    }
}

extension IdentitySaver {
    /// The saver of a running worker: Folio through `client`, the VaultService over the bus, the saves kept in
    /// PostgreSQL, images read with libvips, the organizations' mappers.
    public static func live(
        client: FolioClient, keys: FolioSigningKeys, transport: any BusTransport, database: PostgresPool,
        mappers: IdentityMappers
    ) -> IdentitySaver {
        let reader = ImageReader()
        return IdentitySaver(
            folio: client, keys: keys, vault: VaultIdentityRecords(bus: BusClient(transport: transport)),
            log: IdentitySaveLog(database: database), mapper: { mappers.mapper(for: $0) },
            readImage: { bytes, field throws(InquiryError) in
                let meta: ImageMeta
                do {
                    meta = try await reader.readOnWorkers(bytes)
                } catch let error as ImageReadError {
                    switch error.kind {
                    case .tooLarge: throw .fileTooLarge(limitBytes: error.limit ?? InquiryError.imageLimitBytes)
                    case .tooManyPixels, .unreadable:
                        throw .recordMapping(message: "\(field.rawValue) is not an image the store can read: \(error)")
                    }
                } catch {
                    throw .recordMapping(message: "\(field.rawValue) could not be read: \(error)")
                }
                return ImageMetaView(
                    width: Int64(meta.width), height: Int64(meta.height), sizeBytes: meta.sizeBytes,
                    format: meta.format.rawValue.uppercased())
            })
    }
}
