import HTTP

extension Emulator {
    /// `POST /admin/keys/rotate`: adds a signing key; answers its kid and the new JWKS.
    func rotateKeys(_ request: EmulatorRequest) throws(APIError) -> HTTPResponse {
        let kid: String
        do {
            kid = try signer.rotate()
        } catch {
            throw .internalError("\(error)")
        }
        return .json(["kid": .string(kid), "jwks": Self.jwksBody(signer.jwks)], status: 201)
    }
}
