// Code written against upstream's 3.2.1 API that does not compile against
// ours, on purpose: each line marked `expected error:` meets a difference
// that Docs/Compatibility.md lists with its reason and the one-line change
// an app makes (Adapted.swift has those changes, applied). scripts/compat.sh
// compiles this file against ours expecting exactly the marked errors, and
// against upstream's types (when they are at hand) expecting none.
//
// Compiled as SDK code: inside the types module for the upstream check
// (upstream's memberwise initializers are internal), as a client of ours.
import Foundation
import OpenIAPTypes

// MARK: - Reads with upstream's property types

/// IAPKit's payload revision counter is an `Int` in ours (a whole number
/// that the fixtures hold to), a `Double` upstream.
func readVersion(_ payload: IapkitProductClientPayload) -> Double {
    let version: Double = payload.version  // expected error: cannot convert value of type 'Int' to specified type 'Double'
    return version
}

/// IAPKit's environment is the open string `IapkitEnvironment` in ours (with
/// its known values as constants), a `String` upstream.
func readEnvironment(_ result: RequestVerifyPurchaseWithIapkitResult) -> String? {
    let environment: String? = result.environment  // expected error: cannot convert value of type 'IapkitEnvironment?' to specified type 'String?'
    return environment
}

/// Upstream's SDL gives these inputs a non-null field with a default; our
/// spec has optional fields with a default, so they are optional in ours.
func readBillingDefaults(_ dialog: BillingProgramInformationDialogParamsAndroid, _ choice: GetBillingChoiceInfoParamsAndroid) {
    let dialogProgram: BillingProgramAndroid = dialog.billingProgram  // expected error: value of optional type 'BillingProgramAndroid?' must be unwrapped to a value of type 'BillingProgramAndroid'
    let choiceProgram: BillingProgramAndroid = choice.billingProgram  // expected error: value of optional type 'BillingProgramAndroid?' must be unwrapped to a value of type 'BillingProgramAndroid'
    let layout: BillingChoiceImageLayoutAndroid = choice.playBillingChoiceImageLayout  // expected error: value of optional type 'BillingChoiceImageLayoutAndroid?' must be unwrapped to a value of type 'BillingChoiceImageLayoutAndroid'
    _ = (dialogProgram, choiceProgram, layout)
}

// MARK: - The SDK's IAPKit bridge, as openiap-apple writes it

enum UpstreamVerificationBridge {
    static func iapkitResult(json: [String: Any]) -> VerifyPurchaseWithProviderResult {
        let state = IapkitPurchaseState(rawValue: (json["state"] as? String ?? "unknown").lowercased()) ?? .unknown
        let store = IapStore(rawValue: json["store"] as? String ?? "") ?? .unknown
        let payload = (json["clientPayload"] as? [String: Any]).flatMap { raw -> IapkitProductClientPayload? in
            guard let format = IapkitClientPayloadFormat(rawValue: raw["format"] as? String ?? ""),
                  let body = raw["body"] as? String else { return nil }
            return IapkitProductClientPayload(
                body: body,
                format: format,
                updatedAt: raw["updatedAt"] as? Double ?? 0,
                version: raw["version"] as? Double ?? 0  // expected error: cannot convert value of type 'Double?' to expected argument type 'Int?'
            )
        }
        let result = RequestVerifyPurchaseWithIapkitResult(
            clientPayload: payload,
            environment: json["environment"] as? String,  // expected error: cannot convert value of type 'String?' to expected argument type 'IapkitEnvironment?'
            isValid: json["isValid"] as? Bool ?? false,
            productId: json["productId"] as? String,
            state: state,
            store: store
        )
        let errors = (json["errors"] as? [[String: Any]])?.map {
            VerifyPurchaseWithProviderError(code: $0["code"] as? String, message: $0["message"] as? String ?? "")
        }
        return VerifyPurchaseWithProviderResult(errors: errors, iapkit: result, provider: .iapkit)
    }
}
