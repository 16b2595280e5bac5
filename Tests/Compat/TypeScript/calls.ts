// One call per operation of OpenIAP 3.2.1 (20 queries, 24 mutations) and per
// event listener, through the SDK exports declared in sdk.ts exactly as the
// SDKs type them (QueryField / MutationField). Arguments follow upstream's
// rule: an operation with one argument takes that argument itself (an input
// object, a scalar, an enum value or a list), one with several takes an object
// of them, an optional single argument may be left out. Results are used the
// way apps use them: fields read, unions narrowed, void awaited.
import type {
  ActiveSubscription,
  AppTransaction,
  BillingChoiceInfoAndroid,
  BillingProgramAvailabilityResultAndroid,
  BillingProgramReportingDetailsAndroid,
  BillingResultAndroid,
  ExternalPurchaseCustomLinkNoticeResultIOS,
  ExternalPurchaseCustomLinkTokenResultIOS,
  ExternalPurchaseLinkResultIOS,
  ExternalPurchaseNoticeResultIOS,
  InAppMessageResultAndroid,
  Product,
  ProductIOS,
  ProductSubscription,
  Purchase,
  PurchaseAndroid,
  PurchaseError,
  PurchaseIOS,
  SubscriptionStatusIOS,
  VerifyPurchaseResult,
  VerifyPurchaseWithProviderResult,
} from './types';
import { ErrorCode } from './types';
import * as iap from './sdk';

declare const console: { log(...a: unknown[]): void; warn(...a: unknown[]): void };
declare function saveToken(token: string): Promise<void>;

// ----------------------------------------------------------------- queries

export async function callFetchProducts(): Promise<string[]> {
  const result = await iap.fetchProducts({ skus: ['coins_100', 'premium'], type: 'in-app' });
  const titles: string[] = [];
  for (const product of result ?? []) {
    // Narrow by platform, then by kind, as product lists are rendered.
    if (product.platform === 'ios') {
      titles.push(`${product.displayNameIOS} ${product.displayPrice}`);
    } else {
      titles.push(`${product.nameAndroid} ${product.displayPrice}`);
    }
    if (product.type === 'subs') {
      const sub: ProductSubscription = product;
      console.log(sub.subscriptionOffers?.length ?? 0);
    }
  }
  // Left-out optional `type` and the "all" query.
  const defaults = await iap.fetchProducts({ skus: ['premium'] });
  const all = await iap.fetchProducts({ skus: ['premium', 'monthly'], type: 'all' });
  const inApp = (defaults ?? []) as Product[];
  console.log(inApp.map((p) => p.id), all?.length);
  return titles;
}

export async function callGetAvailablePurchases(): Promise<Purchase[]> {
  const everything: Purchase[] = await iap.getAvailablePurchases();
  const active = await iap.getAvailablePurchases({
    onlyIncludeActiveItemsIOS: true,
    alsoPublishToEventListenerIOS: false,
  });
  return everything.concat(active);
}

export async function callGetActiveSubscriptions(): Promise<ActiveSubscription[]> {
  const all = await iap.getActiveSubscriptions();
  const some = await iap.getActiveSubscriptions(['premium_monthly', 'premium_yearly']);
  for (const sub of some) {
    if (sub.isActive && sub.renewalInfoIOS?.willAutoRenew === false) {
      console.log(sub.productId, sub.expirationDateIOS ?? 'no expiry');
    }
  }
  return all;
}

export async function callHasActiveSubscriptions(): Promise<boolean> {
  const any: boolean = await iap.hasActiveSubscriptions();
  const premium: boolean = await iap.hasActiveSubscriptions(['premium_monthly']);
  return any || premium;
}

export async function callGetStorefront(): Promise<string> {
  const country: string = await iap.getStorefront();
  return country.toUpperCase();
}

export async function callCanPresentExternalPurchaseNoticeIOS(): Promise<boolean> {
  return iap.canPresentExternalPurchaseNoticeIOS();
}

export async function callCurrentEntitlementIOS(): Promise<string | null> {
  const entitlement: PurchaseIOS | null = await iap.currentEntitlementIOS('premium_monthly');
  return entitlement?.originalTransactionIdentifierIOS ?? null;
}

export async function callGetAllTransactionsIOS(): Promise<number> {
  const transactions: PurchaseIOS[] = await iap.getAllTransactionsIOS();
  return transactions.filter((t) => t.revocationDateIOS == null).length;
}

export async function callGetAppTransactionIOS(): Promise<string | null> {
  const app: AppTransaction | null = await iap.getAppTransactionIOS();
  if (app === null) return null;
  return `${app.bundleId} ${app.originalAppVersion} ${app.environment}`;
}

export async function callGetExternalPurchaseCustomLinkTokenIOS(): Promise<void> {
  const result: ExternalPurchaseCustomLinkTokenResultIOS = await iap.getExternalPurchaseCustomLinkTokenIOS('services');
  if (result.token) await saveToken(result.token);
  else console.warn(result.error);
}

export async function callGetPendingTransactionsIOS(): Promise<string[]> {
  const pending = await iap.getPendingTransactionsIOS();
  return pending.map((t) => t.transactionId);
}

export async function callGetPromotedProductIOS(): Promise<void> {
  const promoted: ProductIOS | null = await iap.getPromotedProductIOS();
  if (promoted) console.log(promoted.id, promoted.displayNameIOS, promoted.typeIOS);
}

export async function callGetReceiptDataIOS(): Promise<string> {
  const receipt: string | null = await iap.getReceiptDataIOS();
  return receipt ?? '';
}

export async function callGetTransactionJwsIOS(): Promise<string | null> {
  const jws = await iap.getTransactionJwsIOS('premium_monthly');
  return jws;
}

export async function callIsEligibleForExternalPurchaseCustomLinkIOS(): Promise<boolean> {
  return iap.isEligibleForExternalPurchaseCustomLinkIOS();
}

export async function callIsEligibleForIntroOfferIOS(): Promise<boolean> {
  return iap.isEligibleForIntroOfferIOS('21482713');
}

export async function callIsTransactionVerifiedIOS(): Promise<boolean> {
  return iap.isTransactionVerifiedIOS('premium_monthly');
}

export async function callLatestTransactionIOS(): Promise<number | null> {
  const latest = await iap.latestTransactionIOS('premium_monthly');
  return latest?.expirationDateIOS ?? null;
}

export async function callSubscriptionStatusIOS(): Promise<string[]> {
  const statuses: SubscriptionStatusIOS[] = await iap.subscriptionStatusIOS('premium_monthly');
  return statuses.map((s) => `${s.state} ${s.renewalInfo?.willAutoRenew ?? false}`);
}

export async function callGetBillingChoiceInfoAndroid(): Promise<string> {
  // All fields of the params object have defaults, so `{}` is a valid argument.
  const info: BillingChoiceInfoAndroid = await iap.getBillingChoiceInfoAndroid({
    playBillingChoiceImageLayout: 'rectangular-two-by-two',
    userLocale: 'en-US',
  });
  const defaults = await iap.getBillingChoiceInfoAndroid({});
  return info.playBillingChoiceImageUrl + (defaults.playBillingLoyaltyInfo ?? '');
}

// --------------------------------------------------------------- mutations

export async function callInitConnection(): Promise<boolean> {
  const plain: boolean = await iap.initConnection();
  const withConfig = await iap.initConnection({ enableBillingProgramAndroid: 'user-choice-billing' });
  return plain && withConfig;
}

export async function callEndConnection(): Promise<boolean> {
  return iap.endConnection();
}

export async function callRequestPurchase(): Promise<string[]> {
  const result = await iap.requestPurchase({
    request: {
      apple: { sku: 'coins_100', quantity: 2, appAccountToken: '3f1c2a9e-0000-4000-8000-000000000000' },
      google: { skus: ['coins_100'], obfuscatedAccountId: 'acct-1' },
    },
    type: 'in-app',
  });
  // iOS answers one purchase, Android an array, both may answer nothing.
  if (Array.isArray(result)) return result.map((p) => p.productId);
  if (result) return [result.productId];
  return [];
}

export async function callRequestSubscription(offerToken: string, oldToken: string): Promise<void> {
  await iap.requestPurchase({
    request: {
      apple: { sku: 'premium_monthly', winBackOffer: { offerId: 'winback1' } },
      google: {
        skus: ['premium_monthly'],
        subscriptionOffers: [{ sku: 'premium_monthly', offerToken }],
        purchaseToken: oldToken,
        subscriptionProductReplacementParams: { oldProductId: 'basic_monthly', replacementMode: 'charge-prorated-price' },
      },
    },
    type: 'subs',
  });
}

export async function callFinishTransaction(purchase: Purchase): Promise<void> {
  // VoidResult is void: the promise can be returned where Promise<void> is due.
  await iap.finishTransaction({ purchase, isConsumable: true });
  return iap.finishTransaction({ purchase });
}

export async function callRestorePurchases(): Promise<void> {
  const done: Promise<void> = iap.restorePurchases();
  await done;
}

export async function callDeepLinkToSubscriptions(): Promise<void> {
  await iap.deepLinkToSubscriptions();
  return iap.deepLinkToSubscriptions({ skuAndroid: 'premium_monthly', packageNameAndroid: 'com.example.app' });
}

export async function callVerifyPurchase(purchase: Purchase): Promise<boolean> {
  const result: VerifyPurchaseResult = await iap.verifyPurchase({
    apple: { sku: purchase.productId },
    google: {
      sku: purchase.productId,
      packageName: 'com.example.app',
      purchaseToken: purchase.purchaseToken ?? '',
      accessToken: 'ya29.token',
    },
    horizon: { sku: purchase.productId, userId: '1234', accessToken: 'OC|app|secret' },
  });
  // Every member has isValid; the members are told apart by their own fields.
  if ('receiptData' in result) console.log(result.jwsRepresentation.length, result.latestTransaction?.id);
  else if ('grantTime' in result) console.log(result.grantTime ?? 0);
  else if ('purchaseDate' in result) console.log(result.autoRenewing, result.termSku);
  return result.isValid;
}

export async function callVerifyPurchaseWithProvider(purchase: Purchase): Promise<boolean> {
  const result: VerifyPurchaseWithProviderResult = await iap.verifyPurchaseWithProvider({
    provider: 'iapkit',
    iapkit: {
      apiKey: 'openiap-kit_pk_x',
      baseUrl: 'https://kit.example.com',
      google: { purchaseToken: purchase.purchaseToken ?? '' },
    },
  });
  // Cross-platform app code often sends both stores' payloads in one call and
  // lets the native side use the one for the store it runs against.
  const token = purchase.purchaseToken ?? '';
  const both = await iap.verifyPurchaseWithProvider({
    provider: 'iapkit',
    iapkit: { apple: { jws: token }, google: { purchaseToken: token }, includeClientPayload: true },
  });
  console.log(both.iapkit?.clientPayload?.body.length ?? 0);
  const verdict = result.iapkit;
  if (result.errors?.length) console.warn(result.errors[0]?.message);
  return verdict?.isValid === true && verdict.store === 'google' && verdict.productId === purchase.productId;
}

export async function callBeginRefundRequestIOS(): Promise<string> {
  const status: string | null = await iap.beginRefundRequestIOS('premium_monthly');
  return status ?? 'no-status';
}

export async function callClearTransactionIOS(): Promise<boolean> {
  return iap.clearTransactionIOS();
}

export async function callPresentCodeRedemptionSheetIOS(): Promise<void> {
  const redeemed: PurchaseIOS | null = await iap.presentCodeRedemptionSheetIOS();
  if (redeemed) console.log(redeemed.offerIOS?.id);
}

export async function callPresentExternalPurchaseLinkIOS(): Promise<boolean> {
  const result: ExternalPurchaseLinkResultIOS = await iap.presentExternalPurchaseLinkIOS('https://example.com/buy');
  return result.success;
}

export async function callPresentExternalPurchaseNoticeSheetIOS(): Promise<string | null> {
  const notice: ExternalPurchaseNoticeResultIOS = await iap.presentExternalPurchaseNoticeSheetIOS();
  return notice.result === 'continue' ? notice.externalPurchaseToken ?? null : null;
}

export async function callShowExternalPurchaseCustomLinkNoticeIOS(): Promise<boolean> {
  const result: ExternalPurchaseCustomLinkNoticeResultIOS = await iap.showExternalPurchaseCustomLinkNoticeIOS('browser');
  return result.continued;
}

export async function callShowManageSubscriptionsIOS(): Promise<string[]> {
  const changed = await iap.showManageSubscriptionsIOS();
  return changed.map((p) => p.productId);
}

export async function callSyncIOS(): Promise<boolean> {
  return iap.syncIOS();
}

export async function callAcknowledgePurchaseAndroid(purchase: PurchaseAndroid): Promise<boolean> {
  if (purchase.isAcknowledgedAndroid) return true;
  return iap.acknowledgePurchaseAndroid(purchase.purchaseToken ?? '');
}

export async function callConsumePurchaseAndroid(token: string): Promise<boolean> {
  return iap.consumePurchaseAndroid(token);
}

export async function callCreateBillingProgramReportingDetailsAndroid(): Promise<string> {
  const details: BillingProgramReportingDetailsAndroid = await iap.createBillingProgramReportingDetailsAndroid({
    program: 'billing-choice',
    developerBillingType: 'external-link',
  });
  const plain = await iap.createBillingProgramReportingDetailsAndroid({ program: 'external-offer' });
  return details.externalTransactionToken + plain.billingProgram;
}

export async function callIsBillingProgramAvailableAndroid(): Promise<boolean> {
  const result: BillingProgramAvailabilityResultAndroid = await iap.isBillingProgramAvailableAndroid('billing-choice');
  return result.isAvailable && result.choiceScreenType === 'developer-rendered';
}

export async function callLaunchExternalLinkAndroid(token: string): Promise<boolean> {
  return iap.launchExternalLinkAndroid({
    billingProgram: 'billing-choice',
    launchMode: 'caller-will-launch-link',
    linkType: 'link-to-digital-content-offer',
    linkUri: 'https://example.com/checkout',
    externalTransactionToken: token,
  });
}

export async function callOpenRedeemOfferCodeAndroid(): Promise<boolean> {
  return iap.openRedeemOfferCodeAndroid();
}

export async function callShowBillingProgramInformationDialogAndroid(token: string): Promise<number> {
  const result: BillingResultAndroid = await iap.showBillingProgramInformationDialogAndroid({
    externalTransactionToken: token,
  });
  return result.responseCode;
}

export async function callShowInAppMessagesAndroid(): Promise<void> {
  const shown: InAppMessageResultAndroid = await iap.showInAppMessagesAndroid({ categories: ['transactional'] });
  const plain = await iap.showInAppMessagesAndroid();
  if (shown.responseCode === 'subscription-status-updated' && shown.purchaseToken) {
    await saveToken(shown.purchaseToken);
  }
  console.log(plain.responseCode);
}

// ----------------------------------------------------------------- events

export function callListeners(): Array<{ remove(): void }> {
  const updated = iap.purchaseUpdatedListener(
    (purchase) => {
      // Apps tell the stores apart by `store`, then read the platform fields.
      if (purchase.store === 'apple') {
        const ios = purchase as PurchaseIOS;
        console.log(ios.transactionId, ios.environmentIOS);
      } else {
        const android = purchase as PurchaseAndroid;
        console.log(android.isAcknowledgedAndroid, android.userIdAmazon);
      }
    },
    { dedupeTransactionIOS: true },
  );
  const errors = iap.purchaseErrorListener((error: PurchaseError) => {
    if (error.code === ErrorCode.UserCancelled) return;
    if (error.code === ErrorCode.AlreadyOwned || error.code === ErrorCode.DuplicatePurchase) {
      console.log('restore instead', error.productId);
    }
    console.warn(error.message, error.responseCode, error.subResponseCodeAndroid);
  });
  const promoted = iap.promotedProductListenerIOS((product) => console.log(product.id, product.displayPrice));
  const userChoice = iap.userChoiceBillingListenerAndroid((details) => {
    void saveToken(details.externalTransactionToken);
    console.log(details.products.join(','), details.productDetailsAndroid?.[0]?.type);
  });
  const developer = iap.developerProvidedBillingListenerAndroid((details) => {
    if (details.externalTransactionToken) void saveToken(details.externalTransactionToken);
    console.log(details.linkUri, details.products.map((p) => p.id));
  });
  const billingIssue = iap.subscriptionBillingIssueListener((purchase) => {
    void iap.deepLinkToSubscriptions({ skuAndroid: purchase.productId, packageNameAndroid: 'com.example.app' });
  });
  return [updated, errors, promoted, userChoice, developer, billingIssue];
}
