/**
 * The client feature flags of spec section 9: each flag and its variations, the first being the
 * default. A flag's chosen variation lives in local storage under FEATURE_FLAGS_KEY as a JSON
 * object ({ "sga": "enabled" }); anything unknown or malformed reads as the default. The after-paint
 * gate (a script in every page's head) copies the ones the first paint depends on onto <html> as
 * `data-flag-<name>` before anything is drawn, so CSS can show or hide what they gate with no layout
 * shift. Flags are stored only with the preferences consent (spec section 4): `storeFlag` keeps a
 * variation for the page view alone without it, the head script reads storage only when the server
 * marked the page `data-consent` with preferences, and taking preferences back removes the stored
 * flags (consent/revocations.ts).
 */

/** The flags and their variations, default first (spec section 9). */
export const FEATURE_FLAGS = {
  button_variant: ['primary', 'secondary'],
  button_variant2: ['primary2', 'secondary2'],
  sga: ['disabled', 'enabled'],
  theme: ['theme1', 'theme2', 'theme3'],
  menu: ['menu1', 'menu2', 'menu3'],
  registration_form: ['regily', 'dino'],
  landing_registration: ['button', 'iframe'],
} as const;

/** One flag's name. */
export type FeatureFlag = keyof typeof FEATURE_FLAGS;
/** A flag's variations. */
export type FlagVariation<F extends FeatureFlag> = (typeof FEATURE_FLAGS)[F][number];

/** The local-storage key holding the chosen variations. */
export const FEATURE_FLAGS_KEY = 'atrium:feature-flags';

/** The flags the first paint depends on, copied onto <html> by the head script. */
export const PRE_PAINT_FLAGS = ['sga'] as const satisfies readonly FeatureFlag[];

/** A flag's variation in a stored value: the stored one when it is one of the flag's, else the default. */
export function flagVariation<F extends FeatureFlag>(stored: string | null, flag: F): FlagVariation<F> {
  const variations = FEATURE_FLAGS[flag] as readonly string[];
  let value: unknown;
  try {
    value = (JSON.parse(stored ?? '{}') as Record<string, unknown> | null)?.[flag];
  } catch {
    value = undefined;
  }
  return (typeof value === 'string' && variations.includes(value) ? value : variations[0]) as FlagVariation<F>;
}

/** The head script's part: copies the pre-paint flags' valid, non-default variations onto <html>. */
export function prePaintFlagsScript(): string {
  const allowed = Object.fromEntries(PRE_PAINT_FLAGS.map((flag) => [flag, FEATURE_FLAGS[flag].slice(1)]));
  return `try {
    if (!(root.getAttribute('data-consent') || '').split(' ').includes('preferences')) throw 0;
    const flags = JSON.parse(localStorage.getItem(${JSON.stringify(FEATURE_FLAGS_KEY)}) || '{}') || {};
    const allowed = ${JSON.stringify(allowed)};
    for (const name in allowed) if (allowed[name].includes(flags[name])) root.setAttribute('data-flag-' + name, flags[name]);
  } catch {}`;
}

/** Variations chosen during this page view without the preferences consent (nothing is stored then). */
const pageViewFlags = new Map<FeatureFlag, string>();

/** A flag's variation now: this page view's choice, else the stored one (with consent), else the default. */
export function readFlag<F extends FeatureFlag>(flag: F, options: { storage: Pick<Storage, 'getItem'> | null; mayStore: boolean }): FlagVariation<F> {
  const chosen = pageViewFlags.get(flag);
  if (chosen !== undefined) return flagVariation(JSON.stringify({ [flag]: chosen }), flag);
  return flagVariation(options.mayStore ? (options.storage?.getItem(FEATURE_FLAGS_KEY) ?? null) : null, flag);
}

/**
 * Sets a flag's variation (an A/B assignment, a tester's switch): kept in local storage with the
 * preferences consent, for this page view only without it. An unknown variation is refused.
 */
export function storeFlag<F extends FeatureFlag>(flag: F, variation: FlagVariation<F>, options: { storage: Pick<Storage, 'getItem' | 'setItem'> | null; mayStore: boolean }): void {
  const variations = FEATURE_FLAGS[flag] as readonly string[];
  if (!variations.includes(variation)) throw new Error(`Feature flag "${flag}" has no variation "${variation}": use one of ${variations.join(', ')}`);
  if (!options.mayStore || !options.storage) {
    pageViewFlags.set(flag, variation);
    return;
  }
  pageViewFlags.delete(flag);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(options.storage.getItem(FEATURE_FLAGS_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  options.storage.setItem(FEATURE_FLAGS_KEY, JSON.stringify({ ...stored, [flag]: variation }));
}
