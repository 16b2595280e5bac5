// Upstream's generated root-operation surface besides the SDK's module
// protocol: the QueryResolver / MutationResolver / SubscriptionResolver
// protocols (every argument unlabeled except createBillingProgramReporting-
// DetailsAndroid's and finishTransaction's) and the *Handlers structs of
// closures. A bridge that dispatches by operation name would use them.
// check.sh reports this file's errors apart from the rest.
import Foundation
import OpenIAPTypes

struct ResolverStub: QueryResolver, MutationResolver, SubscriptionResolver {
    func unsupported<T>(_ name: String) throws -> T { throw CorpusError.notImplemented(name) }

    // Queries
    func canPresentExternalPurchaseNoticeIOS() async throws -> Bool { false }
    func currentEntitlementIOS(_ sku: String) async throws -> PurchaseIOS? { nil }
    func fetchProducts(_ params: ProductRequest) async throws -> FetchProductsResult { .products([]) }
    func getActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> [ActiveSubscription] { [] }
    func getAllTransactionsIOS() async throws -> [PurchaseIOS] { [] }
    func getAppTransactionIOS() async throws -> AppTransaction? { nil }
    func getAvailablePurchases(_ options: PurchaseOptions?) async throws -> [Purchase] { [] }
    func getBillingChoiceInfoAndroid(_ params: GetBillingChoiceInfoParamsAndroid) async throws -> BillingChoiceInfoAndroid { try unsupported("getBillingChoiceInfoAndroid") }
    func getExternalPurchaseCustomLinkTokenIOS(_ tokenType: ExternalPurchaseCustomLinkTokenTypeIOS) async throws -> ExternalPurchaseCustomLinkTokenResultIOS { try unsupported("getExternalPurchaseCustomLinkTokenIOS") }
    func getPendingTransactionsIOS() async throws -> [PurchaseIOS] { [] }
    func getPromotedProductIOS() async throws -> ProductIOS? { nil }
    func getReceiptDataIOS() async throws -> String? { nil }
    func getStorefront() async throws -> String { "USA" }
    func getTransactionJwsIOS(_ sku: String) async throws -> String? { nil }
    func hasActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> Bool { false }
    func isEligibleForExternalPurchaseCustomLinkIOS() async throws -> Bool { false }
    func isEligibleForIntroOfferIOS(_ groupID: String) async throws -> Bool { false }
    func isTransactionVerifiedIOS(_ sku: String) async throws -> Bool { false }
    func latestTransactionIOS(_ sku: String) async throws -> PurchaseIOS? { nil }
    func subscriptionStatusIOS(_ sku: String) async throws -> [SubscriptionStatusIOS] { [] }

    // Mutations
    func acknowledgePurchaseAndroid(_ purchaseToken: String) async throws -> Bool { false }
    func beginRefundRequestIOS(_ sku: String) async throws -> String? { nil }
    func clearTransactionIOS() async throws -> Bool { true }
    func consumePurchaseAndroid(_ purchaseToken: String) async throws -> Bool { false }
    func createBillingProgramReportingDetailsAndroid(program: BillingProgramAndroid, developerBillingType: DeveloperBillingTypeAndroid?) async throws -> BillingProgramReportingDetailsAndroid { try unsupported("createBillingProgramReportingDetailsAndroid") }
    func deepLinkToSubscriptions(_ options: DeepLinkOptions?) async throws -> Void {}
    func endConnection() async throws -> Bool { true }
    func finishTransaction(purchase: PurchaseInput, isConsumable: Bool?) async throws -> Void {}
    func initConnection(_ config: InitConnectionConfig?) async throws -> Bool { true }
    func isBillingProgramAvailableAndroid(_ program: BillingProgramAndroid) async throws -> BillingProgramAvailabilityResultAndroid { try unsupported("isBillingProgramAvailableAndroid") }
    func launchExternalLinkAndroid(_ params: LaunchExternalLinkParamsAndroid) async throws -> Bool { false }
    func openRedeemOfferCodeAndroid() async throws -> Bool { false }
    func presentCodeRedemptionSheetIOS() async throws -> PurchaseIOS? { nil }
    func presentExternalPurchaseLinkIOS(_ url: String) async throws -> ExternalPurchaseLinkResultIOS { try unsupported("presentExternalPurchaseLinkIOS") }
    func presentExternalPurchaseNoticeSheetIOS() async throws -> ExternalPurchaseNoticeResultIOS { try unsupported("presentExternalPurchaseNoticeSheetIOS") }
    func requestPurchase(_ params: RequestPurchaseProps) async throws -> RequestPurchaseResult? { nil }
    func restorePurchases() async throws -> Void {}
    func showBillingProgramInformationDialogAndroid(_ params: BillingProgramInformationDialogParamsAndroid) async throws -> BillingResultAndroid { try unsupported("showBillingProgramInformationDialogAndroid") }
    func showExternalPurchaseCustomLinkNoticeIOS(_ noticeType: ExternalPurchaseCustomLinkNoticeTypeIOS) async throws -> ExternalPurchaseCustomLinkNoticeResultIOS { try unsupported("showExternalPurchaseCustomLinkNoticeIOS") }
    func showInAppMessagesAndroid(_ params: InAppMessageParamsAndroid?) async throws -> InAppMessageResultAndroid { try unsupported("showInAppMessagesAndroid") }
    func showManageSubscriptionsIOS() async throws -> [PurchaseIOS] { [] }
    func syncIOS() async throws -> Bool { true }
    func verifyPurchase(_ options: VerifyPurchaseProps) async throws -> VerifyPurchaseResult { try unsupported("verifyPurchase") }
    func verifyPurchaseWithProvider(_ options: VerifyPurchaseWithProviderProps) async throws -> VerifyPurchaseWithProviderResult { try unsupported("verifyPurchaseWithProvider") }

    // Subscriptions (events)
    func developerProvidedBillingAndroid() async throws -> DeveloperProvidedBillingDetailsAndroid { try unsupported("developerProvidedBillingAndroid") }
    func promotedProductIOS() async throws -> String { try unsupported("promotedProductIOS") }
    func purchaseError() async throws -> PurchaseError { try unsupported("purchaseError") }
    func purchaseUpdated(_ options: PurchaseUpdatedListenerOptions?) async throws -> Purchase { try unsupported("purchaseUpdated") }
    func subscriptionBillingIssue() async throws -> Purchase { try unsupported("subscriptionBillingIssue") }
    func userChoiceBillingAndroid() async throws -> UserChoiceBillingDetails { try unsupported("userChoiceBillingAndroid") }
}

func handlerTables(_ stub: ResolverStub) -> (MutationHandlers, QueryHandlers, SubscriptionHandlers) {
    let finish: MutationFinishTransactionHandler = { purchase, isConsumable in
        try await stub.finishTransaction(purchase: purchase, isConsumable: isConsumable)
    }
    let fetch: QueryFetchProductsHandler = { params in try await stub.fetchProducts(params) }
    let updated: SubscriptionPurchaseUpdatedHandler = { options in try await stub.purchaseUpdated(options) }
    let mutations = MutationHandlers(
        finishTransaction: finish,
        initConnection: { config in try await stub.initConnection(config) },
        verifyPurchase: { options in try await stub.verifyPurchase(options) }
    )
    let queries = QueryHandlers(fetchProducts: fetch, getStorefront: { try await stub.getStorefront() })
    let subscriptions = SubscriptionHandlers(purchaseUpdated: updated)
    return (mutations, queries, subscriptions)
}
