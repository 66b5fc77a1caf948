/**
 * The client feature flags of spec section 9: each flag and its variations, the first being the
 * default. A flag's chosen variation lives in local storage under FEATURE_FLAGS_KEY as a JSON
 * object ({ "sga": "enabled" }); anything unknown or malformed reads as the default. The after-paint
 * gate (a script in every page's head) copies the stored variations onto <html> as
 * `data-flag-<name>` before anything is drawn, so CSS keyed on the attribute switches what the flag
 * names with no script of its own and no layout shift. The head script copies what is stored as it
 * is, as every byte of it is on every page (an attribute's value is only ever text, and a name that
 * is no attribute name stops the copy); what reads the attributes keys on the real variations only,
 * so anything else changes nothing. Flags are stored only with the preferences
 * consent (spec section 4): `storeFlag` keeps a variation for the page view alone without it, the
 * head script reads storage only when the server marked the page `data-consent` with preferences,
 * and taking preferences back removes the stored flags and their attributes (consent/revocations.ts).
 *
 * What each flag switches (a variation nobody stored leaves the page as the server drew it):
 * - `sga`: `enabled` shows the responsible-gambling bar on every page (protection/SgaBar.astro).
 * - `theme`: overrides the brand's theme (brand theme.json `name`, `data-theme` on <html>) for this
 *   visitor; the stored variation wins over the brand's, `theme1` too, so a tester can see a theme3
 *   brand in theme1. Only the themes' component styling switches (styles/_flags.scss); the colours
 *   stay the brand's, as they are what keeps its text readable.
 * - `button_variant`: the colour of the filled call-to-action buttons (`.button` that is not
 *   `--secondary`: the header's Sign In, the lobby's banners and cards, the forms' main actions):
 *   `primary` the brand's primary colour, `secondary` its secondary colour (with a text colour the
 *   theme picks for contrast, `--on-secondary`).
 * - `button_variant2`: the fill of the same buttons: `primary2` filled, `secondary2` outlined in
 *   that colour over the page's background, in the page's text colour. The two button flags combine.
 * - `menu`: the main menu's and the quick menu's presentation: `menu1` as the layout draws it,
 *   `menu2` compact chips, `menu3` centred tabs with an underline (styles/_menu-variants.scss).
 * - `registration_form`: which sign-up form the registration page offers where the country's flow
 *   is the lobby's own (sms): `regily` the quick form (phone number, then the code), `dino` the full
 *   account form of the identity provider (e-mail, password, name, date of birth); a flow of the
 *   identity provider or a pay-and-play bank is that form whatever the flag says.
 * - `landing_registration`: the lobby's registration entry for visitors: `button` a button to the
 *   registration page, `iframe` the registration form itself in a frame on the lobby (loaded only
 *   then; lobby/RegistrationEntry.astro).
 * The A/B tests of experiments/ab-tests.ts can set a flag too (the server writes their assignment
 * as the same attribute); a variation stored here wins over an assignment.
 * The server's feature toggles (enabledFeatures, spec section 9) are another thing: they come with
 * the brand's settings and gate features on the server (`ctx.hasFeature`).
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

/** The start of the attributes on <html> that carry the flags to CSS (`data-flag-theme`). */
export const FLAG_ATTRIBUTE_PREFIX = 'data-flag-';

/** The attribute on <html> that carries a flag's variation to CSS (`data-flag-theme`). */
export function flagAttribute<F extends FeatureFlag>(flag: F): `data-flag-${F}` {
  return `${FLAG_ATTRIBUTE_PREFIX}${flag}`;
}

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

/**
 * The head script's part: copies each stored flag onto <html> (the default too: a stored `theme1`
 * overrides a brand in theme3, and a stored `primary` an A/B assignment), with the preferences consent only.
 */
export function prePaintFlagsScript(): string {
  return `try {
    const flags = root.matches('[data-consent~=preferences]') && JSON.parse(localStorage.getItem(${JSON.stringify(FEATURE_FLAGS_KEY)}));
    for (const name in flags) root.setAttribute('data-flag-' + name, flags[name]);
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
