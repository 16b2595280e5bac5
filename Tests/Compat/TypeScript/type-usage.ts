// What apps and SDK code use from the generated types module besides the
// operations: an object of every input type (optional fields left out
// somewhere), output records built as test fixtures and read, every enum value
// as upstream spells it, ErrorCode members, the aliases upstream declares
// (PurchaseInput = Purchase, VoidResult = void, the "# => Union" results),
// union narrowing, and the Query / Mutation / Subscription helper types.
// The probes of open enums are in differences.ts, which fails by design.
import type {
  ActiveSubscription,
  AndroidSubscriptionOfferInput,
  AppTransaction,
  BillingChoiceImageLayoutAndroid,
  BillingChoiceScreenTypeAndroid,
  BillingProgramAndroid,
  BillingProgramInformationDialogParamsAndroid,
  DeepLinkOptions,
  DeveloperBillingLaunchModeAndroid,
  DeveloperBillingOptionParamsAndroid,
  DeveloperBillingTypeAndroid,
  DiscountOffer,
  DiscountOfferInputIOS,
  DiscountOfferType,
  ExternalLinkLaunchModeAndroid,
  ExternalLinkTypeAndroid,
  ExternalPurchaseCustomLinkNoticeTypeIOS,
  ExternalPurchaseCustomLinkTokenTypeIOS,
  ExternalPurchaseNoticeAction,
  FetchProductsResult,
  GetBillingChoiceInfoParamsAndroid,
  IapEvent,
  IapPlatform,
  IapStore,
  IapkitClientPayloadFormat,
  IapkitProductClientPayload,
  IapkitPurchaseState,
  InAppMessageCategoryAndroid,
  InAppMessageParamsAndroid,
  InAppMessageResponseCodeAndroid,
  InitConnectionConfig,
  LaunchExternalLinkParamsAndroid,
  Mutation,
  MutationArgsMap,
  MutationCreateBillingProgramReportingDetailsAndroidArgs,
  MutationField,
  MutationFieldMap,
  MutationFinishTransactionArgs,
  MutationRequestPurchaseArgs,
  MutationVerifyPurchaseWithProviderArgs,
  PaymentMode,
  PaymentModeIOS,
  Product,
  ProductAndroid,
  ProductIOS,
  ProductOrSubscription,
  ProductQueryType,
  ProductRequest,
  ProductStatusAndroid,
  ProductSubscription,
  ProductSubscriptionAndroid,
  ProductType,
  ProductTypeIOS,
  PromotionalOfferJwsInputIOS,
  Purchase,
  PurchaseAndroid,
  PurchaseError,
  PurchaseInput,
  PurchaseIOS,
  PurchaseOptions,
  PurchaseState,
  PurchaseUpdatedListenerOptions,
  PurchaseVerificationProvider,
  Query,
  QueryArgsMap,
  QueryFetchProductsArgs,
  QueryField,
  QueryFieldMap,
  QueryGetActiveSubscriptionsArgs,
  RequestPurchaseAndroidProps,
  RequestPurchaseIosProps,
  RequestPurchaseProps,
  RequestPurchasePropsByPlatforms,
  RequestPurchaseResult,
  RequestSubscriptionAndroidProps,
  RequestSubscriptionIosProps,
  RequestSubscriptionPropsByPlatforms,
  RequestVerifyPurchaseWithIapkitAmazonProps,
  RequestVerifyPurchaseWithIapkitAppleProps,
  RequestVerifyPurchaseWithIapkitGoogleProps,
  RequestVerifyPurchaseWithIapkitProps,
  RequestVerifyPurchaseWithIapkitResult,
  SubResponseCodeAndroid,
  Subscription,
  SubscriptionArgsMap,
  SubscriptionBillingPlanTypeIOS,
  SubscriptionField,
  SubscriptionOffer,
  SubscriptionOfferTypeIOS,
  SubscriptionPeriodIOS,
  SubscriptionPeriodUnit,
  SubscriptionProductReplacementParamsAndroid,
  SubscriptionPurchaseUpdatedArgs,
  SubscriptionReplacementModeAndroid,
  VerifyPurchaseAppleOptions,
  VerifyPurchaseGoogleOptions,
  VerifyPurchaseHorizonOptions,
  VerifyPurchaseProps,
  VerifyPurchaseResult,
  VerifyPurchaseResultAndroid,
  VerifyPurchaseResultHorizon,
  VerifyPurchaseResultIOS,
  VerifyPurchaseWithProviderProps,
  VerifyPurchaseWithProviderResult,
  VoidResult,
  WinBackOfferInputIOS,
} from './types';
import { ErrorCode } from './types';

declare const console: { log(...a: unknown[]): void };

// ------------------------------------------------------------ input objects

export const offerInput: AndroidSubscriptionOfferInput = { sku: 'premium_monthly', offerToken: 'tok' };
export const dialogParams: BillingProgramInformationDialogParamsAndroid = { externalTransactionToken: 'ext' };
export const dialogParamsFull: BillingProgramInformationDialogParamsAndroid = {
  billingProgram: 'billing-choice',
  externalTransactionToken: 'ext',
};
export const deepLinkEmpty: DeepLinkOptions = {};
export const deepLink: DeepLinkOptions = { skuAndroid: 'premium', packageNameAndroid: 'com.example.app' };
export const developerBilling: DeveloperBillingOptionParamsAndroid = { billingProgram: 'external-payments' };
export const developerBillingLink: DeveloperBillingOptionParamsAndroid = {
  billingProgram: 'billing-choice',
  externalTransactionToken: null,
  launchMode: 'launch-in-external-browser-or-app',
  linkUri: 'https://example.com/pay',
};
export const discountInput: DiscountOfferInputIOS = {
  identifier: 'promo1',
  keyIdentifier: 'KEY123',
  nonce: '3f1c2a9e-0000-4000-8000-000000000000',
  signature: 'sig',
  timestamp: 1700000000000,
};
export const choiceInfoParams: GetBillingChoiceInfoParamsAndroid = { userLocale: 'de-DE' };
export const inAppMessages: InAppMessageParamsAndroid = { categories: ['transactional'] };
export const connectionConfig: InitConnectionConfig = { enableBillingProgramAndroid: 'external-content-link' };
export const linkParams: LaunchExternalLinkParamsAndroid = {
  billingProgram: 'external-content-link',
  launchMode: 'launch-in-external-browser-or-app',
  linkType: 'link-to-app-download',
  linkUri: 'https://example.com/app',
};
export const productRequest: ProductRequest = { skus: ['a', 'b'] };
export const productRequestSubs: ProductRequest = { skus: ['s'], type: 'subs' };
export const jwsOffer: PromotionalOfferJwsInputIOS = { offerId: 'promo', jws: 'a.b.c' };
export const purchaseOptions: PurchaseOptions = { includeSuspendedAndroid: true };
export const listenerOptions: PurchaseUpdatedListenerOptions = { dedupeTransactionIOS: false };
export const androidProps: RequestPurchaseAndroidProps = { skus: ['coins'], offerToken: 'discount', isOfferPersonalized: true };
export const iosProps: RequestPurchaseIosProps = {
  sku: 'coins',
  andDangerouslyFinishTransactionAutomatically: false,
  withOffer: discountInput,
  advancedCommerceData: '{"signatureInfo":{"token":"t"}}',
};
export const byPlatforms: RequestPurchasePropsByPlatforms = { apple: iosProps, google: androidProps };
export const byPlatformsAppleOnly: RequestPurchasePropsByPlatforms = { apple: { sku: 'coins' } };
export const subAndroid: RequestSubscriptionAndroidProps = {
  skus: ['premium_monthly'],
  subscriptionOffers: [offerInput],
  developerBillingOption: developerBilling,
  originalExternalTransactionId: 'ext-orig',
};
export const replacement: SubscriptionProductReplacementParamsAndroid = {
  oldProductId: 'basic',
  replacementMode: 'with-time-proration',
};
export const subIos: RequestSubscriptionIosProps = {
  sku: 'premium_monthly',
  promotionalOfferJWS: jwsOffer,
  billingPlanType: 'monthly',
  compactJWS: 'a.b.c',
  winBackOffer: { offerId: 'wb' } as WinBackOfferInputIOS,
};
export const subByPlatforms: RequestSubscriptionPropsByPlatforms = {
  apple: subIos,
  google: { ...subAndroid, subscriptionProductReplacementParams: replacement },
};
export const purchaseProps: RequestPurchaseProps = { request: byPlatforms, type: 'in-app' };
export const subscriptionProps: RequestPurchaseProps = { request: subByPlatforms, type: 'subs' };
export const amazonProps: RequestVerifyPurchaseWithIapkitAmazonProps = { receiptId: 'q1YqVrJSSs7P1UvMTazKz9M' };
export const appleProps: RequestVerifyPurchaseWithIapkitAppleProps = { jws: 'eyJ.eyJ.sig' };
export const googleProps: RequestVerifyPurchaseWithIapkitGoogleProps = { purchaseToken: 'token-from-play' };
export const iapkitAmazon: RequestVerifyPurchaseWithIapkitProps = {
  apiKey: 'key',
  includeClientPayload: false,
  amazon: { ...amazonProps, userId: 'amzn1.account.X', expectedProductId: 'coins', sandbox: true },
};

// SDK pattern: the request is built step by step, the store chosen at run time.
export function buildIapkitRequest(platform: 'ios' | 'android', token: string, apiKey?: string): VerifyPurchaseWithProviderProps {
  const iapkit: RequestVerifyPurchaseWithIapkitProps = { apiKey: apiKey ?? null };
  if (platform === 'ios') iapkit.apple = { jws: token };
  else iapkit.google = { purchaseToken: token };
  return { provider: 'iapkit', iapkit };
}

export const verifyApple: VerifyPurchaseAppleOptions = { sku: 'premium' };
export const verifyGoogle: VerifyPurchaseGoogleOptions = {
  sku: 'premium',
  packageName: 'com.example.app',
  purchaseToken: 'tok',
  accessToken: 'ya29',
};
export const verifyHorizon: VerifyPurchaseHorizonOptions = { sku: 'premium', userId: '42', accessToken: 'OC|1|2' };
export function buildVerifyProps(platform: 'ios' | 'android'): VerifyPurchaseProps {
  const props: VerifyPurchaseProps = {};
  if (platform === 'ios') props.apple = verifyApple;
  else props.google = verifyGoogle;
  return props;
}
export const verifyAll: VerifyPurchaseProps = { apple: verifyApple, google: verifyGoogle, horizon: verifyHorizon };
export const providerProps: VerifyPurchaseWithProviderProps = { provider: 'iapkit', iapkit: { apple: appleProps } };

// The argument types of the operations, under upstream's names.
export const fetchArgs: QueryFetchProductsArgs = productRequest;
export const activeSubsArgs: QueryGetActiveSubscriptionsArgs = undefined;
export const requestArgs: MutationRequestPurchaseArgs = purchaseProps;
export const providerArgs: MutationVerifyPurchaseWithProviderArgs = providerProps;
export const reportingArgs: MutationCreateBillingProgramReportingDetailsAndroidArgs = { program: 'external-offer' };
export const listenerArgs: SubscriptionPurchaseUpdatedArgs = { dedupeTransactionIOS: true };
export function finishArgs(purchase: Purchase): MutationFinishTransactionArgs {
  return { purchase, isConsumable: false };
}

// ------------------------------------------- output records (test fixtures)

export const iosPurchase: PurchaseIOS = {
  id: '2000000123',
  productId: 'premium_monthly',
  transactionDate: 1700000000000,
  store: 'apple',
  quantity: 1,
  purchaseState: 'purchased',
  isAutoRenewing: true,
  transactionId: '2000000123',
  purchaseToken: 'eyJ.eyJ.sig',
  environmentIOS: 'Sandbox',
};
export const androidPurchase: PurchaseAndroid = {
  id: 'GPA.1234',
  productId: 'coins',
  transactionDate: 1700000000000,
  store: 'google',
  quantity: 1,
  purchaseState: 'pending',
  isAutoRenewing: false,
  purchaseToken: 'play-token',
  isAcknowledgedAndroid: false,
};
export const iosProduct: ProductIOS = {
  id: 'coins',
  title: 'Coins',
  description: '100 coins',
  type: 'in-app',
  displayPrice: '$0.99',
  currency: 'USD',
  price: 0.99,
  platform: 'ios',
  displayNameIOS: 'Coins',
  isFamilyShareableIOS: false,
  jsonRepresentationIOS: '{}',
  typeIOS: 'consumable',
};
export const androidProduct: ProductAndroid = {
  id: 'coins',
  title: 'Coins',
  description: '100 coins',
  type: 'in-app',
  displayPrice: '$0.99',
  currency: 'USD',
  platform: 'android',
  nameAndroid: 'Coins',
  productStatusAndroid: 'ok',
};
export const offer: SubscriptionOffer = { id: 'intro', displayPrice: '$0.00', price: 0, type: 'introductory', paymentMode: 'free-trial', period: { unit: 'week', value: 1 } };
export const androidSubscription: ProductSubscriptionAndroid = {
  id: 'premium_monthly',
  title: 'Premium',
  description: 'Monthly',
  type: 'subs',
  displayPrice: '$4.99',
  currency: 'USD',
  platform: 'android',
  nameAndroid: 'Premium',
  subscriptionOffers: [offer],
};
export const discount: DiscountOffer = { currency: 'USD', displayPrice: '$4.99', price: 4.99, type: 'one-time', offerTokenAndroid: 'tok' };
export const iosVerification: VerifyPurchaseResultIOS = { isValid: true, receiptData: 'MIIT', jwsRepresentation: 'eyJ' };
export const horizonVerification: VerifyPurchaseResultHorizon = { isValid: true, success: true, grantTime: 1700000000 };
export const purchaseError: PurchaseError = { code: ErrorCode.UserCancelled, message: 'cancelled', productId: 'coins' };
export const clientPayload: IapkitProductClientPayload = { format: 'json', body: '{}', version: 1, updatedAt: 1784160000000 };
export const iapkitResult: RequestVerifyPurchaseWithIapkitResult = {
  store: 'amazon',
  isValid: true,
  state: 'ready-to-consume',
  environment: 'Sandbox',
  productId: 'coins',
};
export const providerResult: VerifyPurchaseWithProviderResult = {
  provider: 'iapkit',
  iapkit: iapkitResult,
  errors: [{ message: 'late', code: 'TIMEOUT' }],
};

// ------------------------------------------------- aliases upstream declares

// PurchaseInput is the Purchase union itself: a purchase passes both ways.
export function toInput(purchase: Purchase): PurchaseInput {
  return purchase;
}
export function fromInput(input: PurchaseInput): Purchase {
  return input;
}
export const inputFromIOS: PurchaseInput = iosPurchase;
// VoidResult is void.
export function nothing(): VoidResult {
  return undefined;
}
export const voidValue: VoidResult = undefined;
// "# => Union" results are unions of the possible payloads.
export const noProducts: FetchProductsResult = null;
export const someProducts: FetchProductsResult = [iosProduct, androidProduct];
export const someSubscriptions: FetchProductsResult = [androidSubscription];
export const oneResult: RequestPurchaseResult = iosPurchase;
export const manyResults: RequestPurchaseResult = [androidPurchase];
export const noResult: RequestPurchaseResult = null;

// ------------------------------------------------------ unions and narrowing

// A platform-specific record is a member of its union.
export const mixedPurchases: Purchase[] = [iosPurchase, androidPurchase];
export const mixedProducts: Product[] = [iosProduct, androidProduct];
export const mixedCatalog: ProductOrSubscription[] = [iosProduct, androidSubscription];
export const subscriptionList: ProductSubscription[] = [androidSubscription];

export function isIOSPurchase(purchase: Purchase): purchase is PurchaseIOS {
  return purchase.store === 'apple';
}
export function describeProduct(item: ProductOrSubscription): string {
  if (item.platform === 'ios') {
    return item.type === 'subs' ? `${item.displayNameIOS} ${item.subscriptionPeriodUnitIOS ?? ''}` : item.typeIOS;
  }
  if (item.type === 'subs') return `${item.nameAndroid} ${item.subscriptionOffers.length}`;
  return `${item.nameAndroid} ${item.discountOffers?.length ?? 0}`;
}
export function describeVerification(result: VerifyPurchaseResult): string {
  if ('receiptData' in result) return result.jwsRepresentation;
  if ('success' in result) return String(result.grantTime);
  const android: VerifyPurchaseResultAndroid = result;
  return android.productId;
}
export function readActive(sub: ActiveSubscription): string {
  return `${sub.productId} ${sub.transactionId} ${sub.basePlanIdAndroid ?? sub.currentPlanId ?? ''}`;
}
export function readAppTransaction(app: AppTransaction): number {
  return app.appId + app.signedDate;
}
export function readIapkit(result: VerifyPurchaseWithProviderResult): string {
  const r = result.iapkit;
  if (!r) return result.errors?.map((e) => `${e.code ?? ''}:${e.message}`).join(',') ?? '';
  const env: string | null | undefined = r.environment;
  const fmt: IapkitClientPayloadFormat | undefined = r.clientPayload?.format;
  return `${r.store} ${r.state} ${r.isValid} ${env ?? '-'} ${fmt ?? '-'} ${r.clientPayload?.version ?? 0}`;
}

// -------------------------------------------------------------- ErrorCode

export function isCancel(error: PurchaseError): boolean {
  return error.code === ErrorCode.UserCancelled;
}
export function errorLabel(error: PurchaseError): string {
  switch (error.code) {
    case ErrorCode.NetworkError:
    case ErrorCode.ServiceTimeout:
      return 'retry';
    case ErrorCode.AlreadyOwned:
      return 'restore';
    default:
      return error.message;
  }
}
export const knownCodes: string[] = Object.values(ErrorCode);
export const fromSdk: PurchaseError = { code: ErrorCode.EmptySkuList, message: 'No SKUs provided' };

// ------------------------------------------------------------ enum values

export const store: IapStore = 'amazon';
export const provider: PurchaseVerificationProvider = 'iapkit';
export const event: IapEvent = 'purchase-updated';
export const platform: IapPlatform = 'android';
export const queryType: ProductQueryType = 'all';

// ----------------------------------------- Query / Mutation / Subscription

export type FetchProductsReturn = Awaited<ReturnType<QueryField<'fetchProducts'>>>;
export type RequestPurchaseReturn = Awaited<NonNullable<Mutation['requestPurchase']>>;
export type PurchaseUpdatedPayload = Subscription['purchaseUpdated'];
export type FinishArgsOfMap = MutationArgsMap['finishTransaction'];
export type FetchArgsOfMap = QueryArgsMap['fetchProducts'];
export type ListenerArgsOfMap = SubscriptionArgsMap['purchaseUpdated'];
export const fetchReturn: FetchProductsReturn = someProducts;
export const payload: PurchaseUpdatedPayload = iosPurchase;
export const listenerArgsFromMap: ListenerArgsOfMap = { dedupeTransactionIOS: false };
export const fetchArgsFromMap: FetchArgsOfMap = { skus: ['x'], type: 'in-app' };
export function finishArgsFromMap(purchase: Purchase): FinishArgsOfMap {
  return { purchase };
}
export const storefrontResult: Awaited<Query['getStorefront']> = 'USA';
export const subscriptionField: SubscriptionField<'purchaseUpdated'> = (options) => {
  console.log(options?.dedupeTransactionIOS);
  return iosPurchase;
};
// An SDK adapter implementing part of the API through the field maps.
export const webQueries: QueryFieldMap = {
  getStorefront: async () => 'USA',
  fetchProducts: async ({ skus }) => skus.map((id) => ({ ...iosProduct, id })),
  getAvailablePurchases: async (options) => (options?.onlyIncludeActiveItemsIOS ? [] : [iosPurchase]),
};
export const webMutations: MutationFieldMap = {
  initConnection: async () => true,
  finishTransaction: async ({ purchase, isConsumable }) => {
    console.log(purchase.id, isConsumable);
  },
  acknowledgePurchaseAndroid: async (token) => token.length > 0,
  endConnection: async () => true,
};
export const verifyImpl: MutationField<'verifyPurchaseWithProvider'> = async (options) => ({
  provider: options.provider,
  iapkit: null,
});

// ------------------------------------------------- every enum value spelled
// (The arrays list each enum's values in SDL order, kebab-case as upstream's
// TypeScript spells them; ErrorCode is listed by member name.)
export const allBillingChoiceImageLayoutAndroid: BillingChoiceImageLayoutAndroid[] = ['rectangular-four-by-one', 'rectangular-three-by-one', 'rectangular-two-by-two'];
export const allBillingChoiceScreenTypeAndroid: BillingChoiceScreenTypeAndroid[] = ['unspecified', 'developer-rendered', 'google-rendered'];
export const allBillingProgramAndroid: BillingProgramAndroid[] = ['unspecified', 'user-choice-billing', 'external-content-link', 'external-offer', 'external-payments', 'billing-choice'];
export const allDeveloperBillingLaunchModeAndroid: DeveloperBillingLaunchModeAndroid[] = ['unspecified', 'launch-in-external-browser-or-app', 'caller-will-launch-link'];
export const allDeveloperBillingTypeAndroid: DeveloperBillingTypeAndroid[] = ['developer-billing-type-unspecified', 'in-app', 'external-link'];
export const allDiscountOfferType: DiscountOfferType[] = ['introductory', 'promotional', 'one-time'];
export const allExternalLinkLaunchModeAndroid: ExternalLinkLaunchModeAndroid[] = ['unspecified', 'launch-in-external-browser-or-app', 'caller-will-launch-link'];
export const allExternalLinkTypeAndroid: ExternalLinkTypeAndroid[] = ['unspecified', 'link-to-digital-content-offer', 'link-to-app-download'];
export const allExternalPurchaseCustomLinkNoticeTypeIOS: ExternalPurchaseCustomLinkNoticeTypeIOS[] = ['browser'];
export const allExternalPurchaseCustomLinkTokenTypeIOS: ExternalPurchaseCustomLinkTokenTypeIOS[] = ['acquisition', 'services'];
export const allExternalPurchaseNoticeAction: ExternalPurchaseNoticeAction[] = ['continue', 'dismissed'];
export const allIapEvent: IapEvent[] = ['purchase-updated', 'purchase-error', 'promoted-product-ios', 'user-choice-billing-android', 'developer-provided-billing-android', 'subscription-billing-issue'];
export const allIapPlatform: IapPlatform[] = ['ios', 'android'];
export const allIapStore: IapStore[] = ['unknown', 'apple', 'google', 'horizon', 'amazon'];
export const allIapkitClientPayloadFormat: IapkitClientPayloadFormat[] = ['toml', 'json', 'text'];
export const allIapkitPurchaseState: IapkitPurchaseState[] = ['entitled', 'pending-acknowledgment', 'pending', 'canceled', 'expired', 'ready-to-consume', 'consumed', 'unknown', 'inauthentic'];
export const allInAppMessageCategoryAndroid: InAppMessageCategoryAndroid[] = ['unknown-in-app-message-category-id', 'transactional'];
export const allInAppMessageResponseCodeAndroid: InAppMessageResponseCodeAndroid[] = ['no-action-needed', 'subscription-status-updated'];
export const allPaymentMode: PaymentMode[] = ['free-trial', 'pay-as-you-go', 'pay-up-front', 'unknown'];
export const allPaymentModeIOS: PaymentModeIOS[] = ['empty', 'free-trial', 'pay-as-you-go', 'pay-up-front'];
export const allProductQueryType: ProductQueryType[] = ['in-app', 'subs', 'all'];
export const allProductStatusAndroid: ProductStatusAndroid[] = ['ok', 'not-found', 'no-offers-available', 'unknown'];
export const allProductType: ProductType[] = ['in-app', 'subs'];
export const allProductTypeIOS: ProductTypeIOS[] = ['consumable', 'non-consumable', 'auto-renewable-subscription', 'non-renewing-subscription', 'subscription-bundle', 'subscription-suite'];
export const allPurchaseState: PurchaseState[] = ['pending', 'purchased', 'unknown'];
export const allPurchaseVerificationProvider: PurchaseVerificationProvider[] = ['iapkit'];
export const allSubResponseCodeAndroid: SubResponseCodeAndroid[] = ['no-applicable-sub-response-code', 'payment-declined-due-to-insufficient-funds', 'user-ineligible'];
export const allSubscriptionBillingPlanTypeIOS: SubscriptionBillingPlanTypeIOS[] = ['unknown', 'monthly', 'up-front'];
export const allSubscriptionOfferTypeIOS: SubscriptionOfferTypeIOS[] = ['introductory', 'promotional', 'win-back'];
export const allSubscriptionPeriodIOS: SubscriptionPeriodIOS[] = ['day', 'week', 'month', 'year', 'empty'];
export const allSubscriptionPeriodUnit: SubscriptionPeriodUnit[] = ['day', 'week', 'month', 'year', 'unknown'];
export const allSubscriptionReplacementModeAndroid: SubscriptionReplacementModeAndroid[] = ['unknown-replacement-mode', 'with-time-proration', 'charge-prorated-price', 'charge-full-price', 'without-proration', 'deferred', 'keep-existing'];
export const allErrorCodes: ErrorCode[] = [
  ErrorCode.ActivityUnavailable,
  ErrorCode.AlreadyOwned,
  ErrorCode.AlreadyPrepared,
  ErrorCode.BillingResponseJsonParseError,
  ErrorCode.BillingUnavailable,
  ErrorCode.ConnectionClosed,
  ErrorCode.DeferredPayment,
  ErrorCode.DeveloperError,
  ErrorCode.DuplicatePurchase,
  ErrorCode.EmptySkuList,
  ErrorCode.FeatureNotSupported,
  ErrorCode.IapNotAvailable,
  ErrorCode.InitConnection,
  ErrorCode.Interrupted,
  ErrorCode.ItemNotOwned,
  ErrorCode.ItemUnavailable,
  ErrorCode.NetworkError,
  ErrorCode.NotEnded,
  ErrorCode.NotPrepared,
  ErrorCode.Pending,
  ErrorCode.PurchaseError,
  ErrorCode.PurchaseVerificationFailed,
  ErrorCode.PurchaseVerificationFinishFailed,
  ErrorCode.PurchaseVerificationFinished,
  ErrorCode.QueryProduct,
  ErrorCode.RemoteError,
  ErrorCode.ServiceDisconnected,
  ErrorCode.ServiceError,
  ErrorCode.ServiceTimeout,
  ErrorCode.SkuNotFound,
  ErrorCode.SkuOfferMismatch,
  ErrorCode.SyncError,
  ErrorCode.TransactionValidationFailed,
  ErrorCode.Unknown,
  ErrorCode.UserCancelled,
  ErrorCode.UserError,
];
