/**
 * The brand folder contract, `brands/<id>/`: `brand.json` (site and lobby settings) and `theme.json`
 * (theme settings). This is the one schema both the lobby (src/brands/load.server.ts, and through it
 * `npm start`'s start-up check) and the platform (platform/src/brands/brands.ts) validate brand files
 * with, so the two can never disagree on what a valid brand is.
 *
 * Every field carries a `.describe()` written for operators: what it does, its format and an
 * example. `scripts/brand-schema.ts` exports the schemas as JSON Schema to docs/brand.schema.json and
 * docs/theme.schema.json (editors validate brand files against them through their `$schema` key),
 * and a test fails when those files are stale or a field has no description.
 *
 * This module imports neither lobby (src/) nor platform (platform/) code (an ESLint zone enforces it).
 */
import { z } from 'zod';
import { LOCALES } from './locales.ts';

/** Where the JSON Schema of brand.json is published, relative to the repository root. */
export const BRAND_SCHEMA_DOC = 'docs/brand.schema.json';
/** Where the JSON Schema of theme.json is published, relative to the repository root. */
export const THEME_SCHEMA_DOC = 'docs/theme.schema.json';

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
  'enableZendeskWebWidget', 'QuickDepositWithLastUsedAccount', 'defaultUSDCurrency', 'Gamification',
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
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb, such as "#f08a24"');
/** An asset in the brand folder (`assets/logo.svg`) or an absolute https URL. */
const assetRef = z
  .string()
  .regex(/^(assets\/[A-Za-z0-9._-]+|https:\/\/\S+)$/, 'a file under the brand\'s assets/ folder ("assets/logo.svg") or an https URL');

/** The `$schema` key editors read; Atrium ignores it. */
const schemaKey = (doc: string) => z
  .string()
  .optional()
  .describe(`Optional. The JSON Schema editors validate this file against; Atrium ignores it. In a brand folder: "../../${doc}".`);

const flow = z.strictObject({
  registration: z.enum(FLOW_PROVIDERS)
    .describe('How a visitor registers: "sms" (phone code), "keycloak" (the identity provider\'s form), or pay-and-play with "trustly", "zimpler" or "piq" (PaymentIQ). Example: "sms".'),
  login: z.enum(FLOW_PROVIDERS)
    .describe('How a player logs in: one of "sms", "keycloak", "zimpler", "trustly", "piq". Example: "sms".'),
});

/** `brands/<id>/brand.json`: the site and lobby settings of one brand. */
export const brandSettingsSchema = z.strictObject({
  $schema: schemaKey(BRAND_SCHEMA_DOC),
  brand: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter')
    .describe('The brand id; must equal the brand folder\'s name. Lower-case letters, digits and dashes, starting with a letter. Example: "aurelia" in brands/aurelia/brand.json.'),
  siteDataName: z.string().min(1)
    .describe('The name the brand\'s data is filed under on the platform. Any non-empty text. Example: "aurelia-casino".'),
  title: z.string().min(1)
    .describe('The site title, appended to every page title ("Games | Aurelia Casino") and shown on the platform\'s sign-in pages. Example: "Aurelia Casino".'),
  license: z.enum(LICENCES)
    .describe('The gambling licence the brand operates under; it gates licence features such as limits and reality checks (spec section 6). One of "anj", "cos", "crc", "est", "mga". Example: "mga".'),
  operator: z.string().min(1)
    .describe('The operator id, as the platform and the jackpot service know it. Example: "northstar-gaming".'),
  operatorName: z.string().trim().min(1).max(120).optional()
    .describe('Optional, default the brand\'s title. The legal name of the company that runs the brand, as the legal documents name it (their {operatorName}, next to {licence} and {minimumAge} from this file). Example: "Northstar Gaming Ltd".'),
  keycloakUrl: z.string().regex(/^(\/[\w/-]*|https:\/\/\S+)$/, 'a path starting with "/" or an https URL')
    .describe('Where the brand\'s identity-provider realm lives: a path on the lobby\'s own origin or an https URL. Example: "/auth".'),
  layout: z.enum(LAYOUTS)
    .describe('The page layout: "default", "layout1" or "layout2". Example: "default".'),
  hosts: z.array(hostName.describe('A host name in lower case, without scheme or port. Example: "www.mybrand.com".')).min(1)
    .describe('The host names this brand answers on, at least one; each host may belong to one brand only. The prefixes lobby., www. and proxy. are stripped before matching. Example: ["mybrand.localhost", "www.mybrand.com"].'),
  defaultCountry: countryCode
    .describe('The country assumed for visitors whose address maps to no country (loopback, private networks): an ISO 3166-1 alpha-2 code in capitals. Example: "FI".'),
  currency: currencyCode
    .describe('The brand\'s default wallet currency: an ISO 4217 code in capitals. Example: "EUR".'),
  localization: z.boolean().default(true)
    .describe('Optional, default true. When false, internal links carry no locale prefix (/games/ instead of /en/games/) and unprefixed paths serve the default locale. Example: true.'),
  locales: z
    .array(z.strictObject({
      locale: z.enum(LOCALES)
        .describe(`One of the fourteen locale codes: ${LOCALES.map((code) => `"${code}"`).join(', ')}. Example: "de_AT".`),
      label: z.string().min(1)
        .describe('The language\'s own name, shown in the language picker. Example: "Deutsch (Österreich)".'),
      isDefault: z.boolean().default(false)
        .describe('Optional, default false. Marks the brand\'s home locale; at most one entry sets it (without one, "en" if listed, else the first). Example: true.'),
    }).describe('One locale the brand serves. Example: { "locale": "en", "label": "English", "isDefault": true }.'))
    .min(1)
    .refine((list) => list.filter((entry) => entry.isDefault).length <= 1, 'at most one locale may set isDefault')
    .refine((list) => new Set(list.map((entry) => entry.locale)).size === list.length, 'each locale may appear once')
    .describe('The locales the brand serves, at least one, each listed once. Example: [{ "locale": "en", "label": "English", "isDefault": true }, { "locale": "fi", "label": "Suomi" }].'),
  trackingOptions: z.strictObject({
    analyticsTrackingId: z.string().optional()
      .describe('Optional. A Universal Analytics property id. Example: "UA-12345678-1".'),
    adformTrackingId: z.string().optional()
      .describe('Optional. The Adform tracking id. Example: "2741988".'),
    adformHost: z.string().optional()
      .describe('Optional. The host Adform\'s tracking is served from. Example: "adform.nordvik.example.com".'),
    gaMeasurementId: z.string().optional()
      .describe('Optional. A Google Analytics 4 measurement id. Example: "G-ABC123XYZ".'),
    gtmId: z.string().optional()
      .describe('Optional. A Google Tag Manager container id. Example: "GTM-N0RDV1K".'),
    fullStoryOrgId: z.string().optional()
      .describe('Optional. The FullStory organisation id. Example: "o-1ABCDE-na1".'),
  }).describe('Analytics and marketing identifiers kept with the brand; every key is optional. Use {} for none. Example: { "gtmId": "GTM-N0RDV1K" }.'),
  bonusEnabled: z.boolean().default(true)
    .describe('Optional, default true. Whether the brand offers bonus games; when false the bonus game list is hidden (spec section 5). Example: false.'),
  minimumAge: z.number().int().min(18).max(25).default(18)
    .describe('Optional, default 18. The minimum age to play under the brand\'s licence, a whole number from 18 to 25. Example: 19.'),
  automaticAcceptedCookiesCountries: z.array(countryCode.describe('An ISO 3166-1 alpha-2 country code in capitals. Example: "CA".'))
    .describe('Countries whose visitors get all cookie categories without a prompt; [] for none. Example: ["CA"].'),
  features: z.array(z.enum(SERVER_FEATURES).describe(`One feature toggle: ${SERVER_FEATURES.map((name) => `"${name}"`).join(', ')}. Example: "Sportsbook".`))
    .describe('The server feature toggles the brand\'s platform enables (spec section 9); [] for none. Example: ["QuickMenu", "Sportsbook", "ShowRTP"].'),
  realtimeProtocol: z.enum(['graphql-transport-ws', 'graphql-ws']).default('graphql-transport-ws')
    .describe('Optional, default "graphql-transport-ws". The WebSocket protocol the brand\'s platform speaks for live updates: "graphql-transport-ws" (graphql-ws) or the legacy "graphql-ws" (subscriptions-transport-ws). Example: "graphql-ws".'),
  flows: z.strictObject({
    default: flow.describe('The flow for visitors from countries without an override. Example: { "registration": "sms", "login": "sms" }.'),
    byCountry: z.record(countryCode, flow.describe('The flow for visitors from this country.')).default({})
      .describe('Optional, default {}. Per-country overrides, keyed by ISO 3166-1 alpha-2 code in capitals. Example: { "FI": { "registration": "trustly", "login": "trustly" } }.'),
  }).describe('How visitors register and log in: a default and per-country overrides (the visitor\'s country decides). Example: { "default": { "registration": "sms", "login": "sms" }, "byCountry": {} }.'),
}).describe('brands/<id>/brand.json: the site and lobby settings of one brand. The lobby and the platform both validate it with this schema.');

/** A colour with its shades, lightest (50) to darkest (900). */
const colourScale = (role: string) => {
  const shade = (step: string, note = '') => colour.describe(`Shade ${step} of the ${role} colour${note}, as #rrggbb (such as "#45576b").`);
  return z.strictObject({
    base: colour.describe(`The ${role} colour itself, as #rrggbb; usually equal to one of its shades. Example: "#f08a24".`),
    shades: z.strictObject({
      50: shade('50', ' (lightest)'), 100: shade('100'), 200: shade('200'), 300: shade('300'), 400: shade('400'),
      500: shade('500'), 600: shade('600'), 700: shade('700'), 800: shade('800'), 900: shade('900', ' (darkest)'),
    }).describe(`The ${role} colour's ten shades, "50" (lightest) to "900" (darkest), each #rrggbb; they become the CSS variables --${role}-50 … --${role}-900.`),
  });
};

const image = (what: string, example: string, width: number, height: number) => z.strictObject({
  url: assetRef.describe(`The ${what} file: a file under the brand's assets/ folder (it must exist) or an https URL. Example: "${example}".`),
  width: z.number().int().positive().describe(`The ${what}'s width in CSS pixels, a whole number; reserves its space before it loads. Example: ${width}.`),
  height: z.number().int().positive().describe(`The ${what}'s height in CSS pixels, a whole number. Example: ${height}.`),
});

const fontFace = z.strictObject({
  url: z.string().regex(/^(assets\/|\/fonts\/)[A-Za-z0-9._/-]+\.woff2$/, 'a .woff2 under assets/ or /fonts/')
    .describe('The font file: a .woff2 under the brand\'s assets/ folder or a shared font under /fonts/. Example: "/fonts/inter/inter-latin-wght-normal.woff2".'),
  weight: z.string().regex(/^\d{3}( \d{3})?$/, 'a weight such as "400", or a variable range such as "100 900"')
    .describe('The weight this file provides, or a variable font\'s range: three digits, or two separated by a space. Example: "100 900".'),
  style: z.enum(['normal', 'italic']).default('normal')
    .describe('Optional, default "normal". "normal" or "italic". Example: "italic".'),
  unicodeRange: z.string().regex(/^U\+[0-9A-Fa-f?]+(-[0-9A-Fa-f]+)?(,\s*U\+[0-9A-Fa-f?]+(-[0-9A-Fa-f]+)?)*$/, 'a CSS unicode-range such as "U+0000-00FF,U+0131"').optional()
    .describe('Optional. The characters this file covers (CSS unicode-range), so browsers fetch only the subsets a page uses. Example: "U+0000-00FF,U+0131".'),
}).describe('One font file. Example: { "url": "/fonts/inter/inter-latin-wght-normal.woff2", "weight": "100 900" }.');

const font = (role: string, example: string) => z.strictObject({
  family: z.string().min(1)
    .describe(`The family name the ${role} font's faces register as. Example: "${example}".`),
  fallback: cssValue
    .describe('System fonts used until (and if) the faces load, as a CSS font-family list; text is never blocked. Example: "system-ui, -apple-system, Arial, sans-serif".'),
  faces: z.array(fontFace).default([])
    .describe('Optional, default []. The font files; with none, the fallback fonts are used. Example: [{ "url": "/fonts/inter/inter-latin-wght-normal.woff2", "weight": "100 900" }].'),
});

/** `brands/<id>/theme.json`: the theme settings of one brand. */
export const themeSettingsSchema = z.strictObject({
  $schema: schemaKey(THEME_SCHEMA_DOC),
  name: z.enum(THEMES)
    .describe('Which of the three themes this is; it switches the component styling. One of "theme1", "theme2", "theme3". Example: "theme1".'),
  favicon16: assetRef
    .describe('The 16×16 favicon: a file under the brand\'s assets/ folder (it must exist) or an https URL. Example: "assets/favicon-16.png".'),
  favicon32: assetRef
    .describe('The 32×32 favicon: a file under assets/ (it must exist) or an https URL. Example: "assets/favicon-32.png".'),
  appleTouchIcon: assetRef
    .describe('The 180×180 home-screen icon: a file under assets/ (it must exist) or an https URL. Example: "assets/apple-touch-icon.png".'),
  logo: image('phone logo', 'assets/logo.svg', 120, 32)
    .describe('The logo shown on phones (below 1024 px). Example: { "url": "assets/logo.svg", "width": 120, "height": 32 }.'),
  logoDesktop: image('desktop logo', 'assets/logo-desktop.svg', 180, 40)
    .describe('The logo shown from 1024 px up. Example: { "url": "assets/logo-desktop.svg", "width": 180, "height": 40 }.'),
  googleFontsUrl: z.string().optional()
    .describe('Optional. Kept for platforms that send it; Atrium serves fonts itself and never loads this URL.'),
  fonts: z.strictObject({
    body: font('body', 'Inter').describe('The font of running text. Example: { "family": "Inter", "fallback": "system-ui, sans-serif", "faces": [] }.'),
    heading: font('heading', 'Playfair Display').describe('The font of headings. Example: { "family": "Playfair Display", "fallback": "Georgia, serif", "faces": [] }.'),
  }).describe('The body and heading fonts.'),
  fontSize: z.strictObject({
    base: z.number().min(12).max(20).describe('The root font size in px, 12 to 20. Example: 16.'),
    scale: z.number().min(1).max(1.6).describe('The ratio between heading sizes, 1 to 1.6. Example: 1.25.'),
  }).describe('Text sizes. Example: { "base": 16, "scale": 1.25 }.'),
  scheme: z.enum(['dark', 'light'])
    .describe('Whether the colours are dark (light text on a dark background) or light. "dark" or "light". Example: "dark".'),
  colors: z.strictObject({
    background: colourScale('background').describe('The page background colour and its shades.'),
    primary: colourScale('primary').describe('The main brand colour (buttons, links, highlights) and its shades.'),
    secondary: colourScale('secondary').describe('The second brand colour (notices, accents) and its shades.'),
    tertiary: colourScale('tertiary').describe('The third brand colour (badges, alerts) and its shades.'),
    text: colour.describe('The text colour on the background, as #rrggbb. Example: "#eef4f8".'),
    onPrimary: colour.describe('The text colour on primary buttons, as #rrggbb; keep at least 4.5:1 contrast with primary. Example: "#1d1003".'),
  }).describe('The colour palette.'),
  gradients: z.strictObject({
    hero: cssValue.describe('The hero banner\'s background, a CSS value without ; { } < > or backslashes. Example: "linear-gradient(150deg, #08192a 0%, #a5541a 100%)".'),
    card: cssValue.describe('The overlay over game card images, a CSS value. Example: "linear-gradient(180deg, rgba(8, 25, 42, 0) 45%, rgba(8, 25, 42, 0.92) 100%)".'),
  }).describe('Gradients, as CSS values.'),
  roundness: z.number().min(0).max(32)
    .describe('The corner radius of cards and panels in px, 0 to 32. Example: 12.'),
  buttonRoundness: z.number().min(0).max(999)
    .describe('The corner radius of buttons in px, 0 to 999 (999 gives pills). Example: 999.'),
  jackpot: z.strictObject({
    highlight: colour.describe('The jackpot amount\'s colour, as #rrggbb. Example: "#ffb25c".'),
    background: colour.describe('The jackpot panel\'s background, as #rrggbb. Example: "#103150".'),
    darkBackground: colour.describe('The darker background behind jackpot tiers, as #rrggbb. Example: "#040d17".'),
    backgroundGradient: cssValue.describe('The jackpot banner\'s background, a CSS value. Example: "linear-gradient(160deg, #103150 0%, #9c4e14 100%)".'),
    detailsBackground: colour.describe('The background of the jackpot details, as #rrggbb. Example: "#0b2540".'),
    text: colour.describe('The text colour on jackpot panels, as #rrggbb. Example: "#f5f9fc".'),
  }).describe('The colours of the jackpot panels.'),
}).describe('brands/<id>/theme.json: the theme settings of one brand. The lobby and the platform both validate it with this schema.');

/** A brand's validated settings from brand.json. */
export type BrandSettings = z.infer<typeof brandSettingsSchema>;
/** A brand's validated theme from theme.json. */
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;
/** One server feature toggle name. */
export type ServerFeature = (typeof SERVER_FEATURES)[number];
/** One licence code. */
export type Licence = (typeof LICENCES)[number];
/** One login or registration flow. */
export type Flow = z.infer<typeof flow>;
