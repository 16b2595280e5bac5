// The SDK surface an app imports (react-native-iap / expo-iap), declared the
// way both SDKs declare their exports: every operation through the generated
// helper types QueryField<'name'> / MutationField<'name'>, the listeners as
// plain functions over generated payload types. Only names of OpenIAP spec
// 3.2.1 are declared here. `./types` is "the generated types module": the
// check script points it at upstream's types.ts or at the generated folder
// under test.
import type {
  DeveloperProvidedBillingDetailsAndroid,
  MutationField,
  Product,
  Purchase,
  PurchaseError,
  PurchaseUpdatedListenerOptions,
  QueryField,
  UserChoiceBillingDetails,
} from './types';

/** The handle every SDK listener function returns. */
export interface EventSubscription {
  remove(): void;
}

// Queries (api.graphql, api-ios.graphql, api-android.graphql).
export declare const fetchProducts: QueryField<'fetchProducts'>;
export declare const getAvailablePurchases: QueryField<'getAvailablePurchases'>;
export declare const getActiveSubscriptions: QueryField<'getActiveSubscriptions'>;
export declare const hasActiveSubscriptions: QueryField<'hasActiveSubscriptions'>;
export declare const getStorefront: QueryField<'getStorefront'>;
export declare const canPresentExternalPurchaseNoticeIOS: QueryField<'canPresentExternalPurchaseNoticeIOS'>;
export declare const currentEntitlementIOS: QueryField<'currentEntitlementIOS'>;
export declare const getAllTransactionsIOS: QueryField<'getAllTransactionsIOS'>;
export declare const getAppTransactionIOS: QueryField<'getAppTransactionIOS'>;
export declare const getExternalPurchaseCustomLinkTokenIOS: QueryField<'getExternalPurchaseCustomLinkTokenIOS'>;
export declare const getPendingTransactionsIOS: QueryField<'getPendingTransactionsIOS'>;
export declare const getPromotedProductIOS: QueryField<'getPromotedProductIOS'>;
export declare const getReceiptDataIOS: QueryField<'getReceiptDataIOS'>;
export declare const getTransactionJwsIOS: QueryField<'getTransactionJwsIOS'>;
export declare const isEligibleForExternalPurchaseCustomLinkIOS: QueryField<'isEligibleForExternalPurchaseCustomLinkIOS'>;
export declare const isEligibleForIntroOfferIOS: QueryField<'isEligibleForIntroOfferIOS'>;
export declare const isTransactionVerifiedIOS: QueryField<'isTransactionVerifiedIOS'>;
export declare const latestTransactionIOS: QueryField<'latestTransactionIOS'>;
export declare const subscriptionStatusIOS: QueryField<'subscriptionStatusIOS'>;
export declare const getBillingChoiceInfoAndroid: QueryField<'getBillingChoiceInfoAndroid'>;

// Mutations.
export declare const initConnection: MutationField<'initConnection'>;
export declare const endConnection: MutationField<'endConnection'>;
export declare const requestPurchase: MutationField<'requestPurchase'>;
export declare const finishTransaction: MutationField<'finishTransaction'>;
export declare const restorePurchases: MutationField<'restorePurchases'>;
export declare const deepLinkToSubscriptions: MutationField<'deepLinkToSubscriptions'>;
export declare const verifyPurchase: MutationField<'verifyPurchase'>;
export declare const verifyPurchaseWithProvider: MutationField<'verifyPurchaseWithProvider'>;
export declare const beginRefundRequestIOS: MutationField<'beginRefundRequestIOS'>;
export declare const clearTransactionIOS: MutationField<'clearTransactionIOS'>;
export declare const presentCodeRedemptionSheetIOS: MutationField<'presentCodeRedemptionSheetIOS'>;
export declare const presentExternalPurchaseLinkIOS: MutationField<'presentExternalPurchaseLinkIOS'>;
export declare const presentExternalPurchaseNoticeSheetIOS: MutationField<'presentExternalPurchaseNoticeSheetIOS'>;
export declare const showExternalPurchaseCustomLinkNoticeIOS: MutationField<'showExternalPurchaseCustomLinkNoticeIOS'>;
export declare const showManageSubscriptionsIOS: MutationField<'showManageSubscriptionsIOS'>;
export declare const syncIOS: MutationField<'syncIOS'>;
export declare const acknowledgePurchaseAndroid: MutationField<'acknowledgePurchaseAndroid'>;
export declare const consumePurchaseAndroid: MutationField<'consumePurchaseAndroid'>;
export declare const createBillingProgramReportingDetailsAndroid: MutationField<'createBillingProgramReportingDetailsAndroid'>;
export declare const isBillingProgramAvailableAndroid: MutationField<'isBillingProgramAvailableAndroid'>;
export declare const launchExternalLinkAndroid: MutationField<'launchExternalLinkAndroid'>;
export declare const openRedeemOfferCodeAndroid: MutationField<'openRedeemOfferCodeAndroid'>;
export declare const showBillingProgramInformationDialogAndroid: MutationField<'showBillingProgramInformationDialogAndroid'>;
export declare const showInAppMessagesAndroid: MutationField<'showInAppMessagesAndroid'>;

// Event listeners (event.graphql), as both SDKs declare them. The SDKs resolve
// the promoted product's id to a Product before calling the listener.
export declare const purchaseUpdatedListener: (
  listener: (purchase: Purchase) => void,
  options?: PurchaseUpdatedListenerOptions | null,
) => EventSubscription;
export declare const purchaseErrorListener: (listener: (error: PurchaseError) => void) => EventSubscription;
export declare const promotedProductListenerIOS: (listener: (product: Product) => void) => EventSubscription;
export declare const userChoiceBillingListenerAndroid: (
  listener: (details: UserChoiceBillingDetails) => void,
) => EventSubscription;
export declare const developerProvidedBillingListenerAndroid: (
  listener: (details: DeveloperProvidedBillingDetailsAndroid) => void,
) => EventSubscription;
export declare const subscriptionBillingIssueListener: (listener: (purchase: Purchase) => void) => EventSubscription;
