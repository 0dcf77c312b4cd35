import Crypto
import FolioModel
import HTTP

extension Emulator {
    /// `GET /healthz`.
    func health(_ request: EmulatorRequest) -> HTTPResponse {
        .json(["status": "ok"])
    }

    /// `GET /.well-known/jwks.json`: every signing key, oldest first.
    func jwks(_ request: EmulatorRequest) -> HTTPResponse {
        .json(Self.jwksBody(signer.jwks))
    }

    static func jwksBody(_ set: JWKSet) -> JSONValue {
        [
            "keys": .array(
                set.keys.map { key in
                    var fields: JSONObject = [
                        "kty": .string(key.kty), "crv": .string(key.crv), "x": .string(key.x),
                        "alg": "EdDSA", "use": "sig",
                    ]
                    if let kid = key.kid { fields["kid"] = .string(kid) }
                    return .object(fields)
                })
        ]
    }
}
