/**
 * Analytics events and the attribution they carry (spec sections 3, 4, 7 and 9), for the brand's
 * tags (tags.ts). Started by the consent island on every page of a brand with tags once analytics
 * or marketing is granted: an unanswered first visit loads none of it. Its page view is then raised
 * for the page the visitor answered on, with that page's landing UTM values; an event a feature
 * raises before any answer (`track`) starts it early, and then it and the page view wait.
 *
 * - Events (`track(name, params)`): a page view on every page, `heartbeat` every 10 minutes while
 *   the page stays open, `login` (with the method: SMS, KEYCLOAK, TRUSTLY, ZIMPLER, PIQ) on the
 *   first page after a sign-in, `live_chat_open` when the chat opens. They wait in the consent
 *   manager's analytics queue until analytics is granted, then go to the tags in order; an answer
 *   that declines analytics drops them, and nothing is sent after analytics is taken back.
 * - Attribution: the landing address's UTM values (utm_source, utm_medium, utm_campaign, utm_term,
 *   utm_content) ride on every event; they are kept for the visit (session storage) only with
 *   analytics consent. An affiliate link's `aff` (id) and `affToken` (token) are kept in the `aff`
 *   cookie for 7 days only with marketing consent, and its id rides on events then. The
 *   `internalTrackingId` cookie (a random id, a year) joins one browser's events, with analytics consent.
 * - Tags load (loader.ts, with Partytown) once analytics or marketing is granted.
 * Revoking analytics or marketing removes what they kept (consent/revocations.ts).
 */
import { consentConfig, consentManager, type ConsentQueue } from '../consent/consent-store.ts';
import { readCookie } from '../session/tokens.ts';
import { writeCookie } from '../../lib/cookies.ts';
import { AFFILIATE_COOKIE, INTERNAL_TRACKING_COOKIE, SIGNED_IN_WITH_KEY, UTM_STORAGE_KEY } from './storage-names.ts';
import type { TagConfig } from './tags.ts';
import type { TagLoader } from './loader.ts';

/** How often an open page says it is still open (spec section 9). */
export const HEARTBEAT_MS = 10 * 60 * 1000;
/** The UTM values kept (spec section 3). */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
/** How long the affiliate cookie lasts. */
export const AFFILIATE_MAX_AGE_S = 7 * 24 * 60 * 60;
const INTERNAL_TRACKING_MAX_AGE_S = 365 * 24 * 60 * 60;

/** One analytics event. */
export interface AnalyticsEvent {
  name: string;
  params: Record<string, string | number>;
}

/** An affiliate as the spec names it. */
export interface Affiliate {
  id: string;
  token?: string;
}

/** The UTM values of an address's query (utm_source … utm_content), at most 100 characters each. */
export function campaignFrom(search: string): Record<string, string> {
  const query = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = query.get(`utm_${key}`)?.trim();
    if (value) values[`utm_${key}`] = value.slice(0, 100);
  }
  return values;
}

/** The affiliate of an address's query (`aff`, `affToken`), or null. */
export function affiliateFrom(search: string): Affiliate | null {
  const query = new URLSearchParams(search);
  const id = query.get('aff')?.trim().slice(0, 100);
  if (!id) return null;
  const token = query.get('affToken')?.trim().slice(0, 200);
  return token ? { id, token } : { id };
}

/** The affiliate kept in the cookie, or null. */
export function storedAffiliate(value: string | undefined): Affiliate | null {
  try {
    const parsed = JSON.parse(value ?? 'null') as Partial<Affiliate> | null;
    return typeof parsed?.id === 'string' && parsed.id ? (typeof parsed.token === 'string' ? { id: parsed.id, token: parsed.token } : { id: parsed.id }) : null;
  } catch {
    return null;
  }
}

let queue: ConsentQueue<AnalyticsEvent> | undefined;
let campaign: Record<string, string> = {};

/** Sends an event to the brand's analytics tags (waiting for consent; dropped without it, or on a page without tags). */
export function track(name: string, params: Record<string, string | number> = {}): void {
  const tags = consentConfig().tags;
  if (!queue && tags && !consentManager().get().answered) startAnalytics(tags);
  queue?.push({ name, params: { ...campaign, ...params } });
}

/** This browser's analytics id (made with analytics consent). */
function internalTrackingId(): string {
  let id = readCookie(INTERNAL_TRACKING_COOKIE, document.cookie);
  if (!id) {
    id = crypto.randomUUID();
    writeCookie(INTERNAL_TRACKING_COOKIE, id, INTERNAL_TRACKING_MAX_AGE_S);
  }
  return id;
}

/** Starts events and tags on this page (once). */
export function startAnalytics(config: TagConfig): void {
  if (queue) return;
  const manager = consentManager();
  let stored: Record<string, string> = {};
  try {
    stored = JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY) ?? '{}') as Record<string, string>;
  } catch {
    // Nothing kept, or storage switched off.
  }
  const landing = campaignFrom(location.search);
  campaign = Object.keys(landing).length > 0 ? landing : stored;
  const affiliate = affiliateFrom(location.search);

  void manager.whenGranted('analytics').then(() => {
    try {
      if (Object.keys(campaign).length > 0) sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify(campaign));
    } catch {
      // Storage switched off.
    }
  });
  void manager.whenGranted('marketing').then(() => {
    if (affiliate) writeCookie(AFFILIATE_COOKIE, JSON.stringify(affiliate), AFFILIATE_MAX_AGE_S);
  });

  let loader: Promise<TagLoader> | undefined;
  const load = () => (loader ??= import('./loader.ts').then((module) => module.loadTags(config, manager)));
  const follow = () => {
    const state = manager.get();
    if (state.analytics || state.marketing) void load();
  };
  follow();
  manager.subscribe(follow);

  queue = manager.queue<AnalyticsEvent>('analytics', (event) => {
    const state = manager.get();
    const params: Record<string, string | number> = { ...event.params, internal_tracking_id: internalTrackingId() };
    // The landing link's affiliate (its cookie may not be written yet), else the kept one.
    const affiliateId = state.marketing ? (affiliate ?? storedAffiliate(readCookie(AFFILIATE_COOKIE, document.cookie)))?.id : undefined;
    if (affiliateId) params.affiliate_id = affiliateId;
    void load().then((tags) => tags.send(event.name, params));
  });

  track('page_view', { page_path: location.pathname, page_title: document.title, language: document.documentElement.lang });
  let method: string | null = null;
  // Not on a handler page itself: it is leaving for the page the sign-in returns to, which sends it.
  if (!/-handler\/?$/.test(location.pathname)) {
    try {
      method = sessionStorage.getItem(SIGNED_IN_WITH_KEY);
      sessionStorage.removeItem(SIGNED_IN_WITH_KEY);
    } catch {
      // Storage switched off.
    }
  }
  if (method) track('login', { method });
  setInterval(() => track('heartbeat', { page_path: location.pathname }), HEARTBEAT_MS);
}
