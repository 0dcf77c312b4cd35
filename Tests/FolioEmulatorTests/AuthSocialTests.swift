import FolioClient
import FolioEmulator
import Foundation
import HTTP
import XCTest

final class AuthSocialTests: AuthTestCase {
    /// Follows an authorization URL like a browser would up to the redirect; returns `code` and `state`.
    private func authorize(_ harness: Harness, _ url: String, loginHint: String? = nil) async throws -> (
        code: String, state: String, location: String
    ) {
        let target =
            loginHint.map {
                url + "&login_hint=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)
            } ?? url
        let response = try await harness.http.send(HTTPClientRequest(url: target))
        XCTAssertEqual(response.status, 302, String(decoding: response.body, as: UTF8.self))
        let location = try XCTUnwrap(response.headers["location"])
        let items = URLComponents(string: location)?.queryItems ?? []
        let code = try XCTUnwrap(items.first { $0.name == "code" }?.value)
        let state = try XCTUnwrap(items.first { $0.name == "state" }?.value)
        return (code, state, location)
    }

    func testSocialRedirectRoundTrip() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let selected = try await harness.client.selectAlternative(
            ceremonyId: ceremony.id, .socialRedirect, idempotencyKey: key())
        guard case .socialRedirect(let redirect) = try awaiting(selected).phase else {
            return XCTFail("\(selected.step)")
        }
        XCTAssertEqual(redirect.provider, .google)
        XCTAssertTrue(redirect.authorizationUrl.hasPrefix(harness.server.baseURL + "/oauth/google/authorize?"))
        XCTAssertTrue(redirect.authorizationUrl.contains("state=\(redirect.state)"))

        let callback = try await answer(
            harness, selected, .socialRedirect(provider: .google, redirectUri: "bluebank://auth/callback"))
        guard case .socialCallback(let phase) = try awaiting(callback).phase else { return XCTFail("\(callback.step)") }
        XCTAssertEqual(phase.state, redirect.state)
        XCTAssertEqual(phase.redirectUri, "bluebank://auth/callback")

        let (code, state, location) = try await authorize(harness, phase.authorizationUrl)
        XCTAssertTrue(location.hasPrefix("bluebank://auth/callback?code="))
        XCTAssertEqual(state, redirect.state)

        let wrongState = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .socialCallback(code: code, state: "forged"), idempotencyKey: self.key())
        }
        XCTAssertEqual(wrongState?.code, .socialStateMismatch)
        let forgedCode = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .socialCallback(code: "forged", state: state), idempotencyKey: self.key())
        }
        XCTAssertEqual(forgedCode?.code, .socialCodeInvalid)

        let done = try await answer(harness, callback, .socialCallback(code: code, state: state))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_chen", email: "chen.wei@example.net"))
    }

    func testRedirectUrisAreChecked() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let selected = try await harness.client.selectAlternative(
            ceremonyId: ceremony.id, .socialRedirect, idempotencyKey: key())
        let refused = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .socialRedirect(provider: .google, redirectUri: "https://evil.example/cb"),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(refused?.code, .redirectUriNotAllowed)
        let notLinked = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .socialRedirect(provider: .github, redirectUri: "bluebank://auth/callback"),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(notLinked?.code, .other("INVALID_REQUEST"))
        // The authorize route refuses a redirect URI the organization does not allow, and unknown states.
        guard case .socialRedirect(let redirect) = try awaiting(selected).phase else { return XCTFail() }
        let evil = try await harness.http.send(
            HTTPClientRequest(url: redirect.authorizationUrl + "&redirect_uri=https%3A%2F%2Fevil.example%2Fcb"))
        XCTAssertEqual(evil.status, 422)
        let unknown = try await harness.http.send(
            HTTPClientRequest(url: harness.server.baseURL + "/oauth/google/authorize?state=nope&redirect_uri=x"))
        XCTAssertEqual(unknown.status, 400)
        // The default redirect URI (under the organization's origin) works without a SOCIAL_REDIRECT answer.
        let (_, state, location) = try await authorize(harness, redirect.authorizationUrl)
        XCTAssertTrue(location.hasPrefix("bluebank://auth/callback?"))
        XCTAssertEqual(state, redirect.state)
    }

    func testAnonymousSignInFindsTheLinkedAccount() async throws {
        let harness = try await startEmulator()
        let ceremony = try await start(harness, .signIn(identifier: nil))
        let step = try awaiting(ceremony)
        XCTAssertEqual(step.alternatives, [])
        guard case .socialRedirect(let redirect) = step.phase else { return XCTFail("\(ceremony.step)") }
        let callback = try await answer(
            harness, ceremony,
            .socialRedirect(provider: .google, redirectUri: "https://onboarding.bluebank.example/auth/done"))
        guard case .socialCallback(let phase) = try awaiting(callback).phase else { return XCTFail() }
        XCTAssertEqual(phase.state, redirect.state)

        // Without a hint the provider does not know who signs in.
        let noHint = try await harness.http.send(HTTPClientRequest(url: phase.authorizationUrl))
        XCTAssertEqual(noHint.status, 400)
        let stranger = try await authorize(harness, phase.authorizationUrl, loginHint: "google|stranger")
        let unknown = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .socialCallback(code: stranger.code, state: stranger.state),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(unknown?.code, .unknownAccount)

        let chen = try await authorize(harness, phase.authorizationUrl, loginHint: "google|chen.wei")
        let done = try await answer(harness, callback, .socialCallback(code: chen.code, state: chen.state))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_chen", email: "chen.wei@example.net"))
        // A used code does not work twice.
        let reused = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .socialCallback(code: chen.code, state: chen.state), idempotencyKey: self.key()
            )
        }
        XCTAssertEqual(reused?.code, .ceremonyEnded)
    }

    func testLiveModeShowsAPageInsteadOfRedirecting() async throws {
        let harness = try await startEmulator {
            $0.mode = .live
            $0.apiKey = "live-api"
            $0.adminKey = "live-admin"
        }
        let client = harness.client(apiKey: "live-api")
        let ceremony = try await client.startCeremony(
            FolioCeremonyStart(
                organizationId: "org_bluebank", kind: .signIn(identifier: .email("chen.wei@example.net")),
                device: Self.device, supportsPasskeys: false), idempotencyKey: "live")
        let selected = try await client.selectAlternative(ceremonyId: ceremony.id, .socialRedirect, idempotencyKey: "s")
        guard case .socialRedirect(let redirect) = try awaiting(selected).phase else { return XCTFail() }
        let page = try await harness.http.send(HTTPClientRequest(url: redirect.authorizationUrl))
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("state=\(redirect.state)"))
    }
}
