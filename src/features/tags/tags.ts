/**
 * The brand's third-party tags as the browser receives them (the `tags` entry of the page's consent
 * configuration, consent-store.ts), which consent category each needs, and where each script comes
 * from: the embedded platform's sandbox stand-ins (ANALYTICS_TAGS=sandbox, the default) or the
 * vendors' own hosts (ANALYTICS_TAGS=real). Built on the server from the brand's trackingOptions
 * (tags.server.ts); loaded through Partytown only once its category is granted (loader.ts).
 *
 * | tag        | from trackingOptions                 | category  |
 * |------------|--------------------------------------|-----------|
 * | gtm        | gtmId                                | analytics |
 * | gtag       | gaMeasurementId, analyticsTrackingId | analytics |
 * | fullstory  | fullStoryOrgId                       | analytics |
 * | adform     | adformTrackingId (+ adformHost)      | marketing |
 */
import type { ConsentCategory } from '../consent/consent.ts';

/** The tags of a brand, compactly (every page carries this). */
export interface TagConfig {
  /** sandbox: the platform's stand-ins at /platform/tags/; real: the vendors' hosts. */
  mode: 'sandbox' | 'real';
  /** Google Tag Manager container id. */
  gtm?: string;
  /** Google tag ids (GA4 measurement ids, Universal Analytics property ids), first one loads the script. */
  gtag?: string[];
  /** FullStory organisation id. */
  fullstory?: string;
  /** Adform tracking id, and the first-party host its script is served from (real mode). */
  adform?: { id: string; host?: string };
}

/** A tag the loader knows. */
export type TagName = 'gtm' | 'gtag' | 'fullstory' | 'adform';

/** The category each tag needs. */
export const TAG_CATEGORY: Record<TagName, ConsentCategory> = { gtm: 'analytics', gtag: 'analytics', fullstory: 'analytics', adform: 'marketing' };

/**
 * The vendors' script origins (ANALYTICS_TAGS=real): the pages' script-src allows them, for the
 * browsers Partytown cannot serve (no service worker), where the tags run on the page instead.
 */
export const REAL_TAG_ORIGINS = ['https://www.googletagmanager.com', 'https://edge.fullstory.com', 'https://s2.adform.net'] as const;

/** Where the sandbox stand-ins are served (the platform, through the lobby's proxy). */
export const SANDBOX_TAGS_PREFIX = '/platform/tags/';

/** The script URL of a configured tag. */
export function tagScriptUrl(config: TagConfig, tag: TagName): string | null {
  const sandbox = config.mode === 'sandbox';
  switch (tag) {
    case 'gtm':
      return config.gtm ? `${sandbox ? SANDBOX_TAGS_PREFIX : 'https://www.googletagmanager.com/'}gtm.js?id=${encodeURIComponent(config.gtm)}` : null;
    case 'gtag':
      return config.gtag?.[0] ? `${sandbox ? SANDBOX_TAGS_PREFIX : 'https://www.googletagmanager.com/'}gtag/js?id=${encodeURIComponent(config.gtag[0])}` : null;
    case 'fullstory':
      return config.fullstory ? (sandbox ? `${SANDBOX_TAGS_PREFIX}fullstory/fs.js` : 'https://edge.fullstory.com/s/fs.js') : null;
    case 'adform':
      if (!config.adform) return null;
      return sandbox ? `${SANDBOX_TAGS_PREFIX}adform/trackpoint-async.js` : `https://${config.adform.host ?? 's2.adform.net'}/banners/scripts/st/trackpoint-async.js`;
  }
}

/** The configured tags, in the order they load. */
export function configuredTags(config: TagConfig): TagName[] {
  return (['gtm', 'gtag', 'fullstory', 'adform'] as const).filter((tag) => tagScriptUrl(config, tag) !== null);
}
