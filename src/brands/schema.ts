/**
 * The shape of a brand folder, `brands/<id>/`: `brand.json` (site and lobby settings) and
 * `theme.json` (theme settings). Every field is documented here because this is the operator's
 * reference when adding a brand; the loader reports any mismatch by file, field and expectation.
 */
import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';

/** The five gambling licences of the spec. */
export const LICENCES = ['anj', 'cos', 'crc', 'est', 'mga'] as const;
/** The white-label page layouts. */
export const LAYOUTS = ['default', 'layout1', 'layout2'] as const;
/** The themes; theme1 is the default. */
export const THEMES = ['theme1', 'theme2', 'theme3'] as const;
/** Login and registration providers a per-country flow may choose. */
export const FLOW_PROVIDERS = ['sms', 'keycloak', 'zimpler', 'trustly', 'piq'] as const;

/** Feature toggles a platform can enable for a brand (spec section 9). */
export const SERVER_FEATURES = [
  'BasicEnterCode', 'BonusChecker', 'DarkCashierLayout', 'DefaultConsentRegistration',
  'DisablePhoneVerificationForRewards', 'DisableWeekendWithdrawalMessages', 'EnableCashierIBAwardAnnouncement',
  'EnableFinancialHistory', 'EnableGamesInformationMessage', 'EnablePhoneVerification', 'JackpotAutoOptIn',
  'JackpotInRegistrationFlow', 'Keycloak', 'OverlaySourceOfWealth', 'QuickMenu', 'ShowRTP', 'Sportsbook',
  'enableZendeskWebWidget', 'QuickDepositWithLastUsedAccount', 'defaultUSDCurrency',
] as const;

const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code in capitals, such as "FI"');
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code in capitals, such as "EUR"');
const hostName = z
  .string()
  .regex(/^[a-z0-9.-]+$/, 'a lower-case host name without scheme or port, such as "aurelia.localhost"');
/** A CSS value an operator writes by hand (gradients): no characters that could end the declaration. */
const cssValue = z.string().min(1).regex(/^[^;{}<>\\]+$/, 'a CSS value without ; { } < > or backslashes');
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');
/** An asset in the brand folder (`assets/logo.svg`) or an absolute https URL. */
const assetRef = z
  .string()
  .regex(/^(assets\/[A-Za-z0-9._-]+|https:\/\/\S+)$/, 'a file under the brand\'s assets/ folder ("assets/logo.svg") or an https URL');

const flow = z.object({
  /** How a visitor registers in this country. */
  registration: z.enum(FLOW_PROVIDERS),
  /** How a player logs in in this country. */
  login: z.enum(FLOW_PROVIDERS),
});

/** `brands/<id>/brand.json`: the site and lobby settings of one brand. */
export const brandSettingsSchema = z.strictObject({
  /** The brand id; must equal the folder name. Lower case letters, digits and dashes. */
  brand: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter'),
  /** The name the brand's data is filed under on the platform. */
  siteDataName: z.string().min(1),
  /** The site title, appended to every page title ("Games | Aurelia Casino"). */
  title: z.string().min(1),
  /** The licence the brand operates under; gates licence features (spec section 6). */
  license: z.enum(LICENCES),
  /** The operator id, as the platform and jackpot service know it. */
  operator: z.string().min(1),
  /** Where the brand's identity-provider realm lives: a path on the lobby's origin ("/auth") or an https URL. */
  keycloakUrl: z.string().regex(/^(\/[\w/-]*|https:\/\/\S+)$/, 'a path starting with "/" or an https URL'),
  /** Page layout: default, layout1 or layout2. */
  layout: z.enum(LAYOUTS),
  /** Host names this brand answers on (the reserved prefixes lobby., www. and proxy. are stripped first). */
  hosts: z.array(hostName).min(1),
  /** Country assumed for visitors whose address maps to no country (loopback, private networks). */
  defaultCountry: countryCode,
  /** The brand's default wallet currency. */
  currency: currencyCode,
  /** When false, internal links carry no locale prefix and unprefixed paths serve the default locale. */
  localization: z.boolean().default(true),
  /** The locales the brand serves; the one flagged isDefault is the home locale (else en). */
  locales: z
    .array(z.strictObject({
      /** One of the fourteen locale codes. */
      locale: z.enum(LOCALES),
      /** The language's own name, for the language picker. */
      label: z.string().min(1),
      /** Marks the brand's default locale; at most one entry sets it. */
      isDefault: z.boolean().default(false),
    }))
    .min(1)
    .refine((list) => list.filter((entry) => entry.isDefault).length <= 1, 'at most one locale may set isDefault')
    .refine((list) => new Set(list.map((entry) => entry.locale)).size === list.length, 'each locale may appear once'),
  /** Analytics and marketing identifiers; scripts load only after consent. */
  trackingOptions: z.strictObject({
    analyticsTrackingId: z.string().optional(),
    adformTrackingId: z.string().optional(),
    adformHost: z.string().optional(),
    gaMeasurementId: z.string().optional(),
    gtmId: z.string().optional(),
    fullStoryOrgId: z.string().optional(),
  }),
  /** Whether the brand offers bonus games; when false the bonus game list is hidden (spec section 5). */
  bonusEnabled: z.boolean().default(true),
  /** The minimum age to play under this brand's licence (18 in most markets, 19–21 in some). */
  minimumAge: z.number().int().min(18).max(25).default(18),
  /** Countries whose visitors get all cookie categories without a prompt. */
  automaticAcceptedCookiesCountries: z.array(countryCode),
  /** The server feature toggles this brand's platform enables. */
  features: z.array(z.enum(SERVER_FEATURES)),
  /**
   * The WebSocket protocol the brand's platform speaks for subscriptions: `graphql-transport-ws`
   * (graphql-ws, the default) or the legacy `graphql-ws` protocol of subscriptions-transport-ws.
   */
  realtimeProtocol: z.enum(['graphql-transport-ws', 'graphql-ws']).default('graphql-transport-ws'),
  /** Login and registration flows: a default and per-country overrides. */
  flows: z.strictObject({
    default: flow,
    byCountry: z.record(countryCode, flow).default({}),
  }),
});

/** A colour with its shades, lightest (50) to darkest (900). */
const colourScale = z.strictObject({
  base: colour,
  shades: z.strictObject({
    50: colour, 100: colour, 200: colour, 300: colour, 400: colour,
    500: colour, 600: colour, 700: colour, 800: colour, 900: colour,
  }),
});

const image = z.strictObject({
  url: assetRef,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const fontFace = z.strictObject({
  /** A woff2 file under the brand's assets/ folder or a shared font under /fonts/. */
  url: z.string().regex(/^(assets\/|\/fonts\/)[A-Za-z0-9._/-]+\.woff2$/, 'a .woff2 under assets/ or /fonts/'),
  /** A weight or a variable range, such as "400" or "100 900". */
  weight: z.string().regex(/^\d{3}( \d{3})?$/),
  style: z.enum(['normal', 'italic']).default('normal'),
  /** The characters this file covers (CSS unicode-range), so browsers fetch only the subsets a page uses. */
  unicodeRange: z.string().regex(/^U\+[0-9A-Fa-f?]+(-[0-9A-Fa-f]+)?(,\s*U\+[0-9A-Fa-f?]+(-[0-9A-Fa-f]+)?)*$/, 'a CSS unicode-range such as "U+0000-00FF,U+0131"').optional(),
});

const font = z.strictObject({
  /** The family name the faces register as. */
  family: z.string().min(1),
  /** System fonts used until (and if) the face loads; text is never blocked. */
  fallback: cssValue,
  faces: z.array(fontFace).default([]),
});

/** `brands/<id>/theme.json`: the theme settings of one brand. */
export const themeSettingsSchema = z.strictObject({
  /** Which of the three themes this is; it switches the component styling. */
  name: z.enum(THEMES),
  favicon16: assetRef,
  favicon32: assetRef,
  appleTouchIcon: assetRef,
  /** The logo shown on phones. */
  logo: image,
  /** The logo shown from 1024 px up. */
  logoDesktop: image,
  /** Kept for platforms that send it; Atrium serves fonts locally and never loads this. */
  googleFontsUrl: z.string().optional(),
  fonts: z.strictObject({ body: font, heading: font }),
  /** Root font size in px and the heading scale ratio. */
  fontSize: z.strictObject({ base: z.number().min(12).max(20), scale: z.number().min(1).max(1.6) }),
  /** Whether the colour scheme is dark (light text on dark background) or light. */
  scheme: z.enum(['dark', 'light']),
  colors: z.strictObject({
    background: colourScale,
    primary: colourScale,
    secondary: colourScale,
    tertiary: colourScale,
    /** Text on the background. */
    text: colour,
    /** Text on primary buttons. */
    onPrimary: colour,
  }),
  gradients: z.strictObject({ hero: cssValue, card: cssValue }),
  /** Corner radius of cards and panels in px. */
  roundness: z.number().min(0).max(32),
  /** Corner radius of buttons in px (999 gives pills). */
  buttonRoundness: z.number().min(0).max(999),
  jackpot: z.strictObject({
    highlight: colour,
    background: colour,
    darkBackground: colour,
    backgroundGradient: cssValue,
    detailsBackground: colour,
    text: colour,
  }),
});

/** A brand's validated settings from brand.json. */
export type BrandSettings = z.infer<typeof brandSettingsSchema>;
/** A brand's validated theme from theme.json. */
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;
/** One server feature toggle name. */
export type ServerFeature = (typeof SERVER_FEATURES)[number];
/** One licence code. */
export type Licence = (typeof LICENCES)[number];
