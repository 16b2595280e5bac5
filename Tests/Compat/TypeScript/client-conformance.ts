// OURS ONLY (compiled against the generated folder, never against upstream):
// the typed client must take the same arguments as the SDK exports, so that an
// SDK can implement `export const x: QueryField<'x'>` with the client's method.
// Each line assigns a client method to the SDK's export type for that
// operation. The client's names (OpenIAPClient, createOpenIAPClient) are ours.
import type { MutationField, OpenIAPClient, QueryField } from './types';

declare const client: OpenIAPClient;

export const canPresentExternalPurchaseNoticeIOS: QueryField<'canPresentExternalPurchaseNoticeIOS'> = client.canPresentExternalPurchaseNoticeIOS;
export const currentEntitlementIOS: QueryField<'currentEntitlementIOS'> = client.currentEntitlementIOS;
export const fetchProducts: QueryField<'fetchProducts'> = client.fetchProducts;
export const getActiveSubscriptions: QueryField<'getActiveSubscriptions'> = client.getActiveSubscriptions;
export const getAllTransactionsIOS: QueryField<'getAllTransactionsIOS'> = client.getAllTransactionsIOS;
export const getAppTransactionIOS: QueryField<'getAppTransactionIOS'> = client.getAppTransactionIOS;
export const getAvailablePurchases: QueryField<'getAvailablePurchases'> = client.getAvailablePurchases;
export const getBillingChoiceInfoAndroid: QueryField<'getBillingChoiceInfoAndroid'> = client.getBillingChoiceInfoAndroid;
export const getExternalPurchaseCustomLinkTokenIOS: QueryField<'getExternalPurchaseCustomLinkTokenIOS'> = client.getExternalPurchaseCustomLinkTokenIOS;
export const getPendingTransactionsIOS: QueryField<'getPendingTransactionsIOS'> = client.getPendingTransactionsIOS;
export const getPromotedProductIOS: QueryField<'getPromotedProductIOS'> = client.getPromotedProductIOS;
export const getReceiptDataIOS: QueryField<'getReceiptDataIOS'> = client.getReceiptDataIOS;
export const getStorefront: QueryField<'getStorefront'> = client.getStorefront;
export const getTransactionJwsIOS: QueryField<'getTransactionJwsIOS'> = client.getTransactionJwsIOS;
export const hasActiveSubscriptions: QueryField<'hasActiveSubscriptions'> = client.hasActiveSubscriptions;
export const isEligibleForExternalPurchaseCustomLinkIOS: QueryField<'isEligibleForExternalPurchaseCustomLinkIOS'> = client.isEligibleForExternalPurchaseCustomLinkIOS;
export const isEligibleForIntroOfferIOS: QueryField<'isEligibleForIntroOfferIOS'> = client.isEligibleForIntroOfferIOS;
export const isTransactionVerifiedIOS: QueryField<'isTransactionVerifiedIOS'> = client.isTransactionVerifiedIOS;
export const latestTransactionIOS: QueryField<'latestTransactionIOS'> = client.latestTransactionIOS;
export const subscriptionStatusIOS: QueryField<'subscriptionStatusIOS'> = client.subscriptionStatusIOS;
export const acknowledgePurchaseAndroid: MutationField<'acknowledgePurchaseAndroid'> = client.acknowledgePurchaseAndroid;
export const beginRefundRequestIOS: MutationField<'beginRefundRequestIOS'> = client.beginRefundRequestIOS;
export const clearTransactionIOS: MutationField<'clearTransactionIOS'> = client.clearTransactionIOS;
export const consumePurchaseAndroid: MutationField<'consumePurchaseAndroid'> = client.consumePurchaseAndroid;
export const createBillingProgramReportingDetailsAndroid: MutationField<'createBillingProgramReportingDetailsAndroid'> = client.createBillingProgramReportingDetailsAndroid;
export const deepLinkToSubscriptions: MutationField<'deepLinkToSubscriptions'> = client.deepLinkToSubscriptions;
export const endConnection: MutationField<'endConnection'> = client.endConnection;
export const finishTransaction: MutationField<'finishTransaction'> = client.finishTransaction;
export const initConnection: MutationField<'initConnection'> = client.initConnection;
export const isBillingProgramAvailableAndroid: MutationField<'isBillingProgramAvailableAndroid'> = client.isBillingProgramAvailableAndroid;
export const launchExternalLinkAndroid: MutationField<'launchExternalLinkAndroid'> = client.launchExternalLinkAndroid;
export const openRedeemOfferCodeAndroid: MutationField<'openRedeemOfferCodeAndroid'> = client.openRedeemOfferCodeAndroid;
export const presentCodeRedemptionSheetIOS: MutationField<'presentCodeRedemptionSheetIOS'> = client.presentCodeRedemptionSheetIOS;
export const presentExternalPurchaseLinkIOS: MutationField<'presentExternalPurchaseLinkIOS'> = client.presentExternalPurchaseLinkIOS;
export const presentExternalPurchaseNoticeSheetIOS: MutationField<'presentExternalPurchaseNoticeSheetIOS'> = client.presentExternalPurchaseNoticeSheetIOS;
export const requestPurchase: MutationField<'requestPurchase'> = client.requestPurchase;
export const restorePurchases: MutationField<'restorePurchases'> = client.restorePurchases;
export const showBillingProgramInformationDialogAndroid: MutationField<'showBillingProgramInformationDialogAndroid'> = client.showBillingProgramInformationDialogAndroid;
export const showExternalPurchaseCustomLinkNoticeIOS: MutationField<'showExternalPurchaseCustomLinkNoticeIOS'> = client.showExternalPurchaseCustomLinkNoticeIOS;
export const showInAppMessagesAndroid: MutationField<'showInAppMessagesAndroid'> = client.showInAppMessagesAndroid;
export const showManageSubscriptionsIOS: MutationField<'showManageSubscriptionsIOS'> = client.showManageSubscriptionsIOS;
export const syncIOS: MutationField<'syncIOS'> = client.syncIOS;
export const verifyPurchase: MutationField<'verifyPurchase'> = client.verifyPurchase;
export const verifyPurchaseWithProvider: MutationField<'verifyPurchaseWithProvider'> = client.verifyPurchaseWithProvider;

// Listeners: the purchaseUpdated options are passed as themselves, like the
// SDK's purchaseUpdatedListener(listener, options).
export const updated = client.addListener('purchaseUpdated', (purchase) => purchase.productId, { dedupeTransactionIOS: false });
export const errors = client.addListener('purchaseError', (error) => error.code);
updated.remove();
errors.remove();
