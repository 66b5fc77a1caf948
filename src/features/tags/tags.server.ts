/**
 * The tag configuration a page hands the browser (tags.ts): the brand's trackingOptions, and
 * ANALYTICS_TAGS saying where the scripts come from: `sandbox` (the sandbox's default: the embedded
 * platform's stand-ins), `real` (Google's, Adform's and FullStory's hosts) or `off` (no tags:
 * production's default).
 */
import { sandboxMode } from '../../config.server.ts';
import type { BrandSettings } from '../../../shared/brand-schema.ts';
import type { TagConfig } from './tags.ts';

/** ANALYTICS_TAGS, checked: an unknown value is refused with what to write instead. */
export function analyticsTagsMode(value = process.env.ANALYTICS_TAGS): 'sandbox' | 'real' | 'off' {
  const mode = value?.trim() || (sandboxMode() ? 'sandbox' : 'off');
  if (mode === 'sandbox' || mode === 'real' || mode === 'off') return mode;
  throw new Error(`ANALYTICS_TAGS="${mode}" is not a tag mode: write sandbox (the platform's stand-ins, the sandbox's default), real (the vendors' scripts) or off (production's default)`);
}

/** The brand's tags for the browser, or null when it has none (or tags are off). */
export function brandTagConfig(tracking: BrandSettings['trackingOptions'], mode = analyticsTagsMode()): TagConfig | null {
  if (mode === 'off') return null;
  const config: TagConfig = { mode };
  if (tracking.gtmId) config.gtm = tracking.gtmId;
  const google = [tracking.gaMeasurementId, tracking.analyticsTrackingId].filter((id): id is string => Boolean(id));
  if (google.length > 0) config.gtag = google;
  if (tracking.fullStoryOrgId) config.fullstory = tracking.fullStoryOrgId;
  if (tracking.adformTrackingId) config.adform = tracking.adformHost ? { id: tracking.adformTrackingId, host: tracking.adformHost } : { id: tracking.adformTrackingId };
  return Object.keys(config).length > 1 ? config : null;
}
