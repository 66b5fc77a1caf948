/**
 * The A/B tests running now. Each drives one feature flag (feature-flags/flags.ts): the server
 * assigns a visitor who gave the preferences consent a variant by weight, keeps it in the `abTests`
 * cookie for 30 days (ab-test.ts) and writes it onto <html> as the flag's `data-flag-<name>`, so the
 * page is drawn in the variant from its first paint, with no script. A variation the visitor (or a
 * tester) stored for the flag wins over the assignment: the head script sets it after the server's.
 *
 * A visitor without the preferences consent takes part in no test and sees the flag's default: an
 * assignment that could not be kept would change with every page (and an anonymous page is shared by
 * a CDN, so a random one would be shared too), which would show the visitor a restless site and tell
 * the test nothing. Giving the consent enrols the visitor from the next page on; taking it back
 * removes the cookie and the attributes (consent/revocations.ts).
 */
import type { FeatureFlag, FlagVariation } from '../feature-flags/flags.ts';
import type { AbTest } from './ab-test.ts';

/** An A/B test whose variants are the variations of one feature flag. */
export interface FlagTest<F extends FeatureFlag = FeatureFlag> {
  flag: F;
  test: AbTest & { variants: readonly { name: FlagVariation<F>; weight: number }[] };
}

/** Declares a test of a flag (the variant names are checked against the flag's variations). */
function flagTest<F extends FeatureFlag>(flag: F, test: FlagTest<F>['test']): FlagTest {
  return { flag, test } as FlagTest;
}

/** The tests running, at most one per flag. */
export const FLAG_TESTS: readonly FlagTest[] = [
  // Do filled call-to-action buttons in the brand's secondary colour draw more sign-ups and
  // deposits than the primary colour? Half the consenting visitors each.
  flagTest('button_variant', { name: 'cta_colour', variants: [{ name: 'primary', weight: 50 }, { name: 'secondary', weight: 50 }] }),
];
