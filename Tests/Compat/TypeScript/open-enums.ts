// EXPECTED TO FAIL, with exactly the errors marked `// expect-error TSnnnn`
// (each on the line after its marker): what app code written against
// upstream's closed string unions meets in ours, whose enums stay open to
// values of later specs (forward compatibility). Docs/Compatibility.md lists
// each with the one-line change. Against upstream's types.ts it compiles.
import type { IapkitPurchaseState, IapPlatform, IapStore } from './types';

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
