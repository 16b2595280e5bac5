import Foundation
import Testing
import OpenIAPTypes

/// The fail-closed grant rule of the IAPKit docs, written against the
/// generated types with no hand parsing: grant only when `isValid` is true,
/// the state allows fulfilment on this platform, the store is the one that
/// was asked, and the store-verified product equals the expected one.
enum GrantRule {
    enum Platform { case apple, google }

    static func mayGrant(_ result: RequestVerifyPurchaseWithIapkitResult, platform: Platform, expectedProductId: String) -> Bool {
        guard result.isValid, let verified = result.productId, verified == expectedProductId else { return false }
        switch platform {
        case .apple:
            return result.store == .apple && result.state == .entitled
        case .google:
            return result.store == .google && (result.state == .entitled || result.state == .pendingAcknowledgment)
        }
    }
}

@Suite struct GrantRuleTests {
    func decode(_ json: String) throws -> RequestVerifyPurchaseWithIapkitResult {
        try JSONDecoder().decode(RequestVerifyPurchaseWithIapkitResult.self, from: Data(json.utf8))
    }

    @Test func grantsTheDocsExample() throws {
        let result = try decode(#"{"store":"google","isValid":true,"state":"entitled","productId":"premium_monthly","clientPayload":{"format":"toml","body":"[access]\nmax_items = 10","version":3,"updatedAt":1784160000000}}"#)
        #expect(GrantRule.mayGrant(result, platform: .google, expectedProductId: "premium_monthly"))
        #expect(result.clientPayload?.updatedAt == 1784160000000)
    }

    @Test func serverUpperSnakeStatesGrantWithoutNormalising() throws {
        let result = try decode(#"{"store":"google","isValid":true,"state":"PENDING_ACKNOWLEDGMENT","productId":"p"}"#)
        #expect(result.state == .pendingAcknowledgment)
        #expect(GrantRule.mayGrant(result, platform: .google, expectedProductId: "p"))
    }

    @Test func failsClosedOnAFutureState() throws {
        let result = try decode(#"{"store":"google","isValid":true,"state":"grace-period","productId":"p"}"#)
        #expect(result.state == .unrecognized("grace-period"))
        #expect(!GrantRule.mayGrant(result, platform: .google, expectedProductId: "p"))
    }

    @Test func failsClosedOnAFutureStore() throws {
        let result = try decode(#"{"store":"galaxy","isValid":true,"state":"entitled","productId":"p"}"#)
        #expect(!result.store.isKnown)
        #expect(!GrantRule.mayGrant(result, platform: .apple, expectedProductId: "p"))
    }

    @Test func failsClosedOnAnotherProductOrAMissingOne() throws {
        let other = try decode(#"{"store":"apple","isValid":true,"state":"entitled","productId":"other"}"#)
        #expect(!GrantRule.mayGrant(other, platform: .apple, expectedProductId: "p"))
        let missing = try decode(#"{"store":"apple","isValid":true,"state":"entitled"}"#)
        #expect(!GrantRule.mayGrant(missing, platform: .apple, expectedProductId: "p"))
    }

    @Test func appleDoesNotGrantPendingAcknowledgment() throws {
        let result = try decode(#"{"store":"apple","isValid":true,"state":"pending-acknowledgment","productId":"p"}"#)
        #expect(!GrantRule.mayGrant(result, platform: .apple, expectedProductId: "p"))
    }

    @Test func isValidMustBeARealBoolean() {
        #expect(throws: DecodingError.self) {
            try decode(#"{"store":"apple","isValid":"true","state":"entitled","productId":"p"}"#)
        }
    }

    @Test func unknownValuesRoundTripByteForByte() throws {
        let result = try decode(#"{"store":"galaxy-store","isValid":false,"state":"Grace_Period","environment":"Staging-2"}"#)
        let encoded = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(encoded.contains(#""store":"galaxy-store""#))
        #expect(encoded.contains(#""state":"Grace_Period""#))
        #expect(encoded.contains(#""environment":"Staging-2""#))
        #expect(result.environment != .sandbox && IapkitEnvironment.knownValues.contains(.sandbox))
    }

    @Test func knownCasesExcludeTheUnknownCase() {
        #expect(!IapStore.knownCases.contains { !$0.isKnown })
        #expect(IapkitPurchaseState.knownCases.contains(.unknown))
    }

    @Test func validationNamesTheFieldPath() throws {
        let body = String(repeating: "é", count: 8192) + "a"
        let result = RequestVerifyPurchaseWithIapkitResult(
            store: .google, isValid: true, state: .entitled,
            clientPayload: IapkitProductClientPayload(format: .text, body: body, version: 1, updatedAt: 1784160000000))
        do {
            try result.validate()
            Issue.record("expected a validation error")
        } catch {
            #expect(error.path == ["clientPayload", "body"])
            #expect(error.description == "clientPayload.body: 16385 UTF-8 bytes exceed the limit of 16384")
        }
        var fits = result
        fits.clientPayload?.body = String(repeating: "é", count: 8192)
        try fits.validate()
    }
}

@Suite struct DecodingErrorTests {
    @Test func closedEnumErrorsNameThePath() throws {
        let json = #"{"store":"google","isValid":true,"state":"entitled","clientPayload":{"format":"yaml","body":"","version":1,"updatedAt":0}}"#
        // Inside the result the payload degrades; decoded on its own it must fail at `format`.
        let result = try JSONDecoder().decode(RequestVerifyPurchaseWithIapkitResult.self, from: Data(json.utf8))
        #expect(result.clientPayload == nil)
        let payload = #"{"format":"yaml","body":"","version":1,"updatedAt":0}"#
        do {
            _ = try JSONDecoder().decode(IapkitProductClientPayload.self, from: Data(payload.utf8))
            Issue.record("a closed enum accepted an unknown value")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["format"])
            #expect(context.debugDescription == "unknown IapkitClientPayloadFormat value 'yaml'; expected one of: toml, json, text")
        }
    }

    @Test func strictFieldsNameThePath() {
        let json = #"{"provider":"iapkit","iapkit":{"store":"apple","isValid":1,"state":"entitled"}}"#
        do {
            _ = try JSONDecoder().decode(VerifyPurchaseWithProviderResult.self, from: Data(json.utf8))
            Issue.record("a numeric isValid was accepted")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["iapkit", "isValid"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

/// What an SDK does with an IAPKit answer: the body is a result or the error
/// body, never both, so trying one type and then the other cannot mistake an
/// error for a verdict (every fixture of each is also rejected as the other:
/// `Tests/Tools/make_contract_fixtures.py`).
@Suite struct ErrorBodyTests {
    enum Answer {
        case result(RequestVerifyPurchaseWithIapkitResult)
        case failed(IapkitErrorResponse)
    }

    static func read(_ body: String) throws -> Answer {
        let data = Data(body.utf8)
        if let result = try? JSONDecoder().decode(RequestVerifyPurchaseWithIapkitResult.self, from: data) { return .result(result) }
        return .failed(try JSONDecoder().decode(IapkitErrorResponse.self, from: data))
    }

    @Test func aValidationErrorIsReadDirectlyWithItsPath() throws {
        let answer = try Self.read(#"{"errors":[{"code":"INVALID_INPUT","message":"jws must be at least 100 characters.","path":"jws"}]}"#)
        guard case let .failed(response) = answer else {
            Issue.record("an error body read as a result: \(answer)")
            return
        }
        #expect(response.errors.map(\.code) == ["INVALID_INPUT"] && response.errors.first?.path == "jws")
    }

    @Test func aResultNeverReadsAsAnErrorBodyNorTheReverse() throws {
        let result = #"{"store":"apple","isValid":false,"state":"inauthentic","productId":"other_product"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IapkitErrorResponse.self, from: Data(result.utf8)) }
        let error = #"{"errors":[{"code":"INVALID_API_KEY","message":"Invalid API key"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RequestVerifyPurchaseWithIapkitResult.self, from: Data(error.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(VerifyPurchaseWithProviderResult.self, from: Data(error.utf8)) }
        // A mismatch with expectedProductId is a result: invalid, inauthentic, never granted.
        guard case let .result(verdict) = try Self.read(result) else { return }
        #expect(!GrantRule.mayGrant(verdict, platform: .apple, expectedProductId: "pro_lifetime") && verdict.state == .inauthentic)
    }

    @Test func requestsThatTheServerWouldRefuseFailValidate() throws {
        let short = RequestVerifyPurchaseWithIapkitAppleProps(jws: "a.b.c")
        #expect(throws: OpenIAPValidationError(path: ["jws"], reason: .tooFewCharacters(minimum: 100, actual: 5))) { try short.validate() }
        let props = RequestVerifyPurchaseWithIapkitProps(horizon: .init(sku: "sword pack", userId: "7364018462839150"))
        #expect(throws: OpenIAPValidationError(path: ["horizon", "sku"], reason: .patternMismatch(pattern: "^[A-Za-z0-9._-]+:?[A-Z_]*$"))) {
            try props.validate()
        }
        // A Meta subscription-term SKU is one the props accept (the SDK passes it on).
        let term = RequestVerifyPurchaseWithIapkitProps(horizon: .init(sku: "subs-bronze:SUBSCRIPTION__MONTHLY", userId: "7364018462839150"))
        #expect(throws: Never.self) { try term.validate() }
    }
}
