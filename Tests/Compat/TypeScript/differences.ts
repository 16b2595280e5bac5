// EXPECTED TO FAIL, with exactly the errors marked `// expect-error TSnnnn`
// (each on the line after its marker): the differences from upstream's API
// that app and SDK code can meet, one example each, as Docs/Compatibility.md
// lists them with the change to make. Against upstream's types.ts this file
// compiles.
import type {
  BillingProgramAndroid,
  GetBillingChoiceInfoParamsAndroid,
  IapkitPurchaseState,
  IapPlatform,
  IapStore,
  PurchaseAndroid,
} from './types';
import { ErrorCode } from './types';

// ------------------------------------------------------------- open enums

// Exhaustive handling, as apps write it for states: the `never` check fails,
// since an open enum also admits any other string (a state of a later spec).
export function stateLabel(state: IapkitPurchaseState): string {
  switch (state) {
    case 'entitled': return 'active';
    case 'pending-acknowledgment': return 'acknowledge';
    case 'ready-to-consume': return 'deliver';
    case 'pending': return 'wait';
    case 'canceled':
    case 'expired':
    case 'consumed':
    case 'inauthentic':
    case 'unknown':
      return 'none';
    default: {
      // expect-error TS2322
      const unreachable: never = state;
      return unreachable;
    }
  }
}
// A total lookup table keyed by an enum still compiles.
export const storeNames: Record<IapStore, string> = {
  unknown: 'Unknown',
  apple: 'App Store',
  google: 'Google Play',
  horizon: 'Meta Horizon',
  amazon: 'Amazon Appstore',
};
// A value of the enum narrowed to literals the app declares fails: another
// string may arrive.
export function toPlatformKey(p: IapPlatform): 'ios' | 'android' {
  // expect-error TS2322
  return p;
}

// ------------------------------------------------- ErrorCode is no `enum`
// A member used as a type.
// expect-error TS2702
export const cancelled: ErrorCode.UserCancelled = ErrorCode.UserCancelled;

// ------------------------------------- union members' tags are literals
// A member built with its tag taken from a variable of the enum's type.
declare const android: PurchaseAndroid;
declare const someStore: IapStore;
// expect-error TS2322
export const moved: PurchaseAndroid = { ...android, store: someStore };

// -------------------------------------- defaulted input fields take null
// A defaulted field passed on where the enum or undefined is expected.
declare const params: GetBillingChoiceInfoParamsAndroid;
declare function useProgram(program: BillingProgramAndroid | undefined): void;
// expect-error TS2345
useProgram(params.billingProgram);
