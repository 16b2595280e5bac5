// Docs samples that touch generated names, wrapped in functions so that they
// type-check. Sources:
//   A. the only TypeScript sample in the docs pages (seeds/001, "Error Handling
//      Best Practice", React Native), kept as written;
//   B. the JSON response shown in seeds/000 and seeds/001, typed with the
//      generated result type;
//   C. the Swift samples of seeds/000, 001, 002 and 004 rendered in the SDK's
//      TypeScript API (same calls, same arguments, same checks);
//   D. the usage examples the SDKs publish on their exports (react-native-iap /
//      expo-iap doc comments), rewritten as app code.
// Every adapted line carries a comment "ADAPTED:" saying what changed and why.
// Samples that fail against upstream's own types.ts are in not-upstream.ts.
import type {
  IapkitPurchaseState,
  Product,
  ProductIOS,
  ProductSubscription,
  Purchase,
  PurchaseIOS,
  RequestVerifyPurchaseWithIapkitResult,
  VerifyPurchaseResultIOS,
} from './types';
import {
  deepLinkToSubscriptions,
  fetchProducts,
  finishTransaction,
  getActiveSubscriptions,
  getAvailablePurchases,
  hasActiveSubscriptions,
  initConnection,
  launchExternalLinkAndroid,
  presentExternalPurchaseLinkIOS,
  presentExternalPurchaseNoticeSheetIOS,
  promotedProductListenerIOS,
  purchaseUpdatedListener,
  requestPurchase,
  subscriptionBillingIssueListener,
  verifyPurchase,
  verifyPurchaseWithProvider,
  getExternalPurchaseCustomLinkTokenIOS,
  showExternalPurchaseCustomLinkNoticeIOS,
  isBillingProgramAvailableAndroid,
  acknowledgePurchaseAndroid,
  consumePurchaseAndroid,
  canPresentExternalPurchaseNoticeIOS,
} from './sdk';

// App-side helpers the samples call; they are the app's, not the SDK's.
// ADAPTED: `import { Platform } from 'react-native'` replaced by this
// declaration (react-native's typings are not installed; only `OS` is used).
declare const Platform: { OS: 'ios' | 'android' | 'macos' | 'windows' | 'web' };
declare function isConsumableProduct(productId: string): boolean;
declare function deliverConsumable(productId: string | null | undefined): Promise<void>;
declare function grantEntitlement(productId: string | null | undefined): Promise<void>;
declare function recordRejectedVerification(
  purchase: Purchase,
  verified: RequestVerifyPurchaseWithIapkitResult | null | undefined,
): void;
declare function preservePreviouslyVerifiedEntitlements(): void;
declare function scheduleVerificationRetry(purchase: Purchase): void;
declare function unlockEntitlement(productId: string): void;
declare function applyPublicRules(payload: { format: string; body: string }): void;
declare function verifyPurchaseOnServer(purchase: Purchase): Promise<boolean>;
declare function deliverProduct(productId: string): Promise<void>;
declare function grantProductToUser(productId: string): Promise<void>;
declare function verifyIOSPurchase(purchase: PurchaseIOS): Promise<boolean>;
declare function verifyOnServer(purchase: Purchase): Promise<boolean>;
declare const console: { log(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void };

// ---------------------------------------------------------------------------
// A. seeds/001 "Error Handling Best Practice" (React Native). The code of the
// sample is unchanged, its comments left out; ADAPTED: wrapped in an async
// function that receives the `purchase` the sample refers to (the sample
// leaves it in scope implicitly).
export async function docs001ErrorHandling(purchase: Purchase): Promise<void> {
try {
  const isApple = Platform.OS === 'ios';
  const isConsumable = isConsumableProduct(purchase.productId);
  const token = purchase.purchaseToken ?? '';
  const result = await verifyPurchaseWithProvider({
    provider: 'iapkit',
    iapkit: {
      apiKey: 'your-key',
      ...(isApple
        ? { apple: { jws: token } }
        : { google: { purchaseToken: token } }),
    },
  });

  const verified = result.iapkit;
  const verifiedProductId = verified?.productId;
  const productMatches =
    verifiedProductId != null && verifiedProductId === purchase.productId;
  const stateAllowsFulfillment = isConsumable
    ? isApple
      ? verified?.state === 'ready-to-consume'
      : verified?.state === 'ready-to-consume' ||
        verified?.state === 'entitled' ||
        verified?.state === 'pending-acknowledgment'
    : verified?.state === 'entitled' ||
      (!isApple && verified?.state === 'pending-acknowledgment');

  if (
    verified?.isValid === true &&
    productMatches &&
    stateAllowsFulfillment
  ) {
    if (isConsumable) {
      await deliverConsumable(verifiedProductId);
      await finishTransaction({ purchase, isConsumable: true });
    } else {
      await grantEntitlement(verifiedProductId);
      await finishTransaction({ purchase, isConsumable: false });
    }
  } else {
    recordRejectedVerification(purchase, verified);
  }
} catch (error) {
  console.error('Verification failed:', error);

  preservePreviouslyVerifiedEntitlements();
  scheduleVerificationRetry(purchase);
}
}

// ---------------------------------------------------------------------------
// B. seeds/000 + seeds/001: the example IAPKit response.
// ADAPTED: the docs show it as JSON; here it is the object literal an app (or a
// test fixture) writes with the generated result type.
export const docsIapkitResponse: RequestVerifyPurchaseWithIapkitResult = {
  store: 'google',
  isValid: true,
  state: 'entitled',
  productId: 'premium_monthly',
  clientPayload: {
    format: 'toml',
    body: '[access]\nmax_items = 10',
    version: 3,
    updatedAt: 1784160000000,
  },
};

// ---------------------------------------------------------------------------
// C. Swift samples rendered in the SDK's TypeScript API. ADAPTED (all of C):
// Swift initialisers `XProps(a: ..., b: ...)` become object literals, `.iapkit`
// becomes 'iapkit', `if let` chains become `?.` / `!= null` checks.

// seeds/000 + seeds/001: verifyPurchaseWithProvider with includeClientPayload.
export async function docs000VerifyWithClientPayload(purchase: Purchase): Promise<void> {
  const result = await verifyPurchaseWithProvider({
    iapkit: {
      apiKey: 'openiap-kit_pk_<your-publishable-key>',
      apple: { jws: purchase.purchaseToken ?? '' },
      includeClientPayload: true,
    },
    provider: 'iapkit',
  });
  const verified = result.iapkit;
  const verifiedProductId = verified?.productId;
  if (
    verified != null &&
    verified.isValid &&
    verified.state === 'entitled' &&
    verifiedProductId != null &&
    verifiedProductId === purchase.productId
  ) {
    unlockEntitlement(verifiedProductId);
    const payload = verified.clientPayload;
    if (payload != null) {
      applyPublicRules(payload);
    }
  }
  for (const problem of result.errors ?? []) {
    console.warn(problem.message, problem.code ?? 'no code');
  }
}

// seeds/001: verifyPurchase with explicit Apple options, then the iOS result.
// ADAPTED: Swift's `case let .verifyPurchaseResultIos(iosResult)` becomes the
// TypeScript check apps use on the union (a field only the iOS member has).
export async function docs001VerifyPurchase(purchase: Purchase): Promise<void> {
  const result = await verifyPurchase({
    apple: { sku: purchase.productId },
  });
  if ('receiptData' in result && result.isValid) {
    const iosResult: VerifyPurchaseResultIOS = result;
    console.log(iosResult.receiptData.length);
    await grantEntitlement(purchase.productId);
  }
}

// seeds/002: purchaseUpdatedListener, default options, opt-in to replays, cleanup.
export function docs002Listeners(): void {
  const subscription = purchaseUpdatedListener((purchase) => {
    console.log(`Purchase updated: ${purchase.productId}`);
  }, null);
  const replays = purchaseUpdatedListener(
    (purchase) => {
      console.log(`StoreKit replay or first delivery: ${purchase.id}`);
    },
    { dedupeTransactionIOS: false },
  );
  const delivering = purchaseUpdatedListener(async (purchase) => {
    if (await verifyPurchaseOnServer(purchase)) {
      await deliverProduct(purchase.productId);
      await finishTransaction({ purchase, isConsumable: false });
    }
  });
  subscription.remove();
  replays.remove();
  delivering.remove();
}

// seeds/004: the purchase flow (fetch products, request purchase, verify with
// IAPKit, finish, pending purchases).
// ADAPTED: Swift's `requestPurchase(sku:type:autoFinish:)` convenience maps to
// the SDK's RequestPurchaseProps (autoFinish: false is the SDK default, so the
// flag is left out); `iapStore.iosProducts` becomes a filter on the result.
export async function docs004PurchaseFlow(): Promise<ProductIOS[]> {
  await initConnection();
  const fetched = await fetchProducts({
    skus: ['com.app.premium', 'com.app.coins_100'],
    type: 'in-app',
  });
  const products: ProductIOS[] = [];
  for (const item of fetched ?? []) {
    if (item.platform === 'ios' && item.type === 'in-app') {
      products.push(item);
    }
  }
  await requestPurchase({
    request: { apple: { sku: 'com.app.coins_100' }, google: { skus: ['com.app.coins_100'] } },
    type: 'in-app',
  });
  return products;
}

export async function docs004VerifyWithIapkit(purchase: PurchaseIOS): Promise<boolean> {
  const result = await verifyPurchaseWithProvider({
    provider: 'iapkit',
    iapkit: {
      // ADAPTED: Swift reads the key from Info.plist (`Bundle.main.object(...)`);
      // an app passes its configured key string.
      apiKey: 'IAPKitAPIKey',
      apple: { jws: purchase.purchaseToken ?? '' },
    },
  });
  const verified = result.iapkit;
  if (verified != null && verified.isValid && verified.productId != null && verified.productId === purchase.productId) {
    const state: IapkitPurchaseState = verified.state;
    console.log(`IAPKit verified: ${state}`);
    return true;
  }
  return false;
}

export async function docs004HandlePurchase(purchase: PurchaseIOS): Promise<void> {
  const isValid = await verifyIOSPurchase(purchase);
  if (!isValid) return;
  await grantProductToUser(purchase.productId);
  const isConsumable = purchase.productId.includes('consumable');
  await finishTransaction({ purchase, isConsumable });
}

export async function docs004PendingPurchases(): Promise<void> {
  const purchases = await getAvailablePurchases();
  for (const purchase of purchases) {
    // ADAPTED: Swift's `purchase.asIOS()` becomes the store check apps use.
    if (purchase.store === 'apple') {
      await docs004HandlePurchase(purchase as PurchaseIOS);
    }
  }
}

// ---------------------------------------------------------------------------
// D. The SDKs' usage examples on their exports, as app code.
export async function sdkExamples(purchase: Purchase, amazonUserId: string, amazonSandboxEnabled: boolean): Promise<void> {
  await initConnection();
  await initConnection({ enableBillingProgramAndroid: 'external-offer' });
  await initConnection({
    enableBillingProgramAndroid: 'billing-choice',
    billingChoiceScreenTypeAndroid: 'developer-rendered',
  });

  const products = await fetchProducts({ skus: ['product1', 'product2'] });
  const subscriptions = await fetchProducts({ skus: ['sub1', 'sub2'], type: 'subs' });
  console.log(products?.length, subscriptions?.length);

  for (const p of await getAvailablePurchases()) {
    if (await verifyOnServer(p)) await finishTransaction({ purchase: p, isConsumable: false });
  }

  const subs = await getActiveSubscriptions();
  const premiumSubs = await getActiveSubscriptions(['premium', 'premium_year']);
  subs.forEach((sub) => {
    if (sub.renewalInfoIOS?.pendingUpgradeProductId) {
      console.log(`Upgrade pending to: ${sub.renewalInfoIOS.pendingUpgradeProductId}`);
    }
  });
  const hasAny: boolean = await hasActiveSubscriptions();
  const hasPremium: boolean = await hasActiveSubscriptions(['premium', 'premium_year']);
  console.log(premiumSubs.length, hasAny, hasPremium);

  await requestPurchase({
    request: {
      apple: { sku: 'com.app.premium' },
      google: { skus: ['com.app.premium'] },
    },
    type: 'in-app',
  });

  await deepLinkToSubscriptions({
    skuAndroid: 'your_subscription_sku',
    packageNameAndroid: 'com.example.app',
  });

  // ADAPTED: the SDK example passes `purchase.purchaseToken` (string | null |
  // undefined) where upstream's types require a string; `?? ''` added (the
  // unadapted form is in not-upstream.ts).
  const amazon = await verifyPurchaseWithProvider({
    provider: 'iapkit',
    iapkit: {
      apiKey: 'your-api-key',
      amazon: {
        expectedProductId: purchase.productId,
        userId: amazonUserId,
        receiptId: purchase.purchaseToken ?? '',
        sandbox: amazonSandboxEnabled,
      },
    },
  });
  console.log(amazon.iapkit?.environment);

  const verification = await verifyPurchase({
    apple: { sku: 'premium_monthly' },
    google: {
      sku: 'premium_monthly',
      packageName: 'com.example.app',
      purchaseToken: 'token...',
      accessToken: 'oauth_token...',
      isSub: true,
    },
  });
  console.log(verification.isValid);

  await acknowledgePurchaseAndroid('purchase_token_here');
  await consumePurchaseAndroid('purchase_token_here');

  const availability = await isBillingProgramAvailableAndroid('external-offer');
  if (availability.isAvailable) {
    console.log('external offers available');
  }

  const launched: boolean = await launchExternalLinkAndroid({
    billingProgram: 'external-offer',
    launchMode: 'launch-in-external-browser-or-app',
    linkType: 'link-to-digital-content-offer',
    linkUri: 'https://your-website.com/purchase',
  });
  console.log(launched);

  if (await canPresentExternalPurchaseNoticeIOS()) {
    const notice = await presentExternalPurchaseNoticeSheetIOS();
    if (notice.result === 'continue') {
      const link = await presentExternalPurchaseLinkIOS('https://your-website.com/purchase');
      if (link.success) console.log('User completed external purchase');
    }
  }
  const tokenResult = await getExternalPurchaseCustomLinkTokenIOS('acquisition');
  if (tokenResult.token) console.log('report token');
  const customNotice = await showExternalPurchaseCustomLinkNoticeIOS('browser');
  if (customNotice.continued) console.log('continue to external purchase');
}

export function sdkListenerExamples(): void {
  const billing = subscriptionBillingIssueListener((purchase) => {
    console.warn('Needs attention:', purchase.productId);
    void deepLinkToSubscriptions({
      skuAndroid: purchase.productId,
      packageNameAndroid: 'com.example.app',
    });
  });
  const promoted = promotedProductListenerIOS(async (product: Product) => {
    await requestPurchase({
      request: { apple: { sku: product.id } },
      type: 'in-app',
    });
  });
  billing.remove();
  promoted.remove();
}

// A typical "subscriptions screen" read of fetchProducts with type 'subs'.
export async function sdkFetchSubscriptions(): Promise<ProductSubscription[]> {
  const result = await fetchProducts({ skus: ['sub1'], type: 'subs' });
  return (result ?? []) as ProductSubscription[];
}
