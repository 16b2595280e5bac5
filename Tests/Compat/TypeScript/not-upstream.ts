// EXPECTED TO FAIL, with exactly the errors marked `// expect-error TSnnnn`:
// usage examples the SDKs publish that do not compile against upstream's own
// types.ts (3.2.1) under --strict either, and fail alike against ours.
import type { Purchase } from './types';
import { createBillingProgramReportingDetailsAndroid, verifyPurchaseWithProvider } from './sdk';

export async function notUpstream(purchase: Purchase, amazonUserId: string): Promise<void> {
  // react-native-iap's example for verifyPurchaseWithProvider passes
  // purchase.purchaseToken (string | null | undefined) where `jws` and
  // `purchaseToken` are required strings: TS2322 under strictNullChecks.
  await verifyPurchaseWithProvider({
    provider: 'iapkit',
    iapkit: {
      apiKey: 'your-api-key',
      // expect-error TS2322
      apple: { jws: purchase.purchaseToken },
      // expect-error TS2322
      google: { purchaseToken: purchase.purchaseToken },
    },
  });
  // expo-iap's Amazon example: same problem for `receiptId`.
  await verifyPurchaseWithProvider({
    provider: 'iapkit',
    iapkit: {
      apiKey: 'your-api-key',
      // expect-error TS2322
      amazon: { expectedProductId: purchase.productId, userId: amazonUserId, receiptId: purchase.purchaseToken },
    },
  });
  // react-native-iap's example passes the program alone, but the operation has
  // two arguments (program, developerBillingType), so upstream's argument type
  // is the object { program, developerBillingType? }: TS2345.
  // expect-error TS2345
  await createBillingProgramReportingDetailsAndroid('external-offer');
}
