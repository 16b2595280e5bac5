// The code of KeptDifferences.swift with the one-line changes that
// Docs/Compatibility.md gives for each difference, as an app or the SDK
// makes them to build against ours. Compiled against ours only (these lines
// are not upstream's API), as SDK code.
import Foundation
import OpenIAPTypes

func readVersionAdapted(_ payload: IapkitProductClientPayload) -> Double {
    Double(payload.version)
}

func readEnvironmentAdapted(_ result: RequestVerifyPurchaseWithIapkitResult) -> String? {
    result.environment?.rawValue
}

func readBillingDefaultsAdapted(_ dialog: BillingProgramInformationDialogParamsAndroid, _ choice: GetBillingChoiceInfoParamsAndroid) {
    let dialogProgram: BillingProgramAndroid = dialog.billingProgram ?? .billingChoice
    let choiceProgram: BillingProgramAndroid = choice.billingProgram ?? .billingChoice
    let layout: BillingChoiceImageLayoutAndroid = choice.playBillingChoiceImageLayout ?? .rectangularFourByOne
    _ = (dialogProgram, choiceProgram, layout)
}

enum AdaptedVerificationBridge {
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
                version: Int(raw["version"] as? Double ?? 0)
            )
        }
        let result = RequestVerifyPurchaseWithIapkitResult(
            clientPayload: payload,
            environment: (json["environment"] as? String).map(IapkitEnvironment.init(rawValue:)),
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
