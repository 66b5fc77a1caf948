/**
 * Runs the brand's tags (tags.ts) in a web worker with Partytown (@qwik.dev/partytown, MIT), each
 * only once its consent category is granted; loaded by analytics.ts when analytics or marketing is.
 *
 * Each tag is what its vendor's snippet would put in the page, typed `text/partytown` so the page
 * never runs it: a few lines of set-up (the data layer and `gtag` with Google's consent mode,
 * `_fs_org`, `_adftrack`) and the vendor's script. Partytown's library, copied to /~partytown/ at
 * build time (astro.config.mjs), runs them in its worker and forwards the page's calls to them
 * (`dataLayer.push`, `gtag`, `FS`). A category granted later on the same page adds its tags then
 * (Partytown's `ptupdate`); marketing granted or taken back updates the consent mode.
 *
 * A category taken back stops every tag at once: the worker's frame is removed, so nothing more
 * is sent, and the tags still allowed load again on the next page. Events go only to the analytics
 * tags, and only while the worker runs.
 */
import type { ConsentManager } from '../consent/consent-store.ts';
import type { ConsentState } from '../consent/consent.ts';
import { configuredTags, TAG_CATEGORY, tagScriptUrl, type TagConfig, type TagName } from './tags.ts';

/** Where the build puts Partytown's library (same origin, as its service worker requires). */
export const PARTYTOWN_LIB = '/~partytown/';
/** Marks the scripts this loader adds, so a revocation can remove them. */
const TAG_ATTRIBUTE = 'data-atrium-tag';

/** What analytics.ts uses. */
export interface TagLoader {
  /** Sends an event to the analytics tags running now. */
  send(name: string, params: Record<string, string | number>): void;
}

declare global {
  interface Window {
    partytown?: { lib?: string; debug?: boolean; forward?: string[]; fallbackTimeout?: number };
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    FS?: (...args: unknown[]) => void;
  }
}

/** Google's consent mode state for a consent. */
export function consentMode(state: Pick<ConsentState, 'analytics' | 'marketing'>): Record<string, 'granted' | 'denied'> {
  const ads = state.marketing ? 'granted' : 'denied';
  return { analytics_storage: state.analytics ? 'granted' : 'denied', ad_storage: ads, ad_user_data: ads, ad_personalization: ads };
}

/** The set-up lines a tag's vendor snippet runs before its script (run in the worker, never on the page). */
export function tagSetup(config: TagConfig, tag: TagName, state: Pick<ConsentState, 'analytics' | 'marketing'>): string {
  const json = JSON.stringify;
  switch (tag) {
    case 'gtm':
      return `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`;
    case 'gtag':
      return `window.dataLayer=window.dataLayer||[];window.gtag=function(){window.dataLayer.push(arguments)};gtag('consent','default',${json(consentMode(state))});gtag('js',new Date());${(config.gtag ?? []).map((id) => `gtag('config',${json(id)});`).join('')}`;
    case 'fullstory':
      return `window._fs_org=${json(config.fullstory)};window._fs_namespace='FS';window.FS=window.FS||function(){(window.FS.q=window.FS.q||[]).push(arguments)};`;
    case 'adform':
      return `window._adftrack=Array.isArray(window._adftrack)?window._adftrack:(window._adftrack?[window._adftrack]:[]);window._adftrack.push({pm:${json(config.adform?.id)},divider:'|',pagename:document.title});`;
  }
}

/** Partytown's forwarded calls for the configured tags. */
function forwards(config: TagConfig): string[] {
  const tags = configuredTags(config);
  return ['dataLayer.push', ...(tags.includes('gtag') ? ['gtag'] : []), ...(tags.includes('fullstory') ? ['FS'] : [])];
}

function addScript(attributes: Record<string, string>, text?: string): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  if (text) script.textContent = text;
  document.head.append(script);
  return script;
}

/** Starts the tags the consent allows now and follows later changes; resolves once Partytown runs. */
export async function loadTags(config: TagConfig, manager: ConsentManager): Promise<TagLoader> {
  const loaded = new Set<TagName>();
  let stopped = false;
  let partytown: Promise<void> | undefined;

  const startPartytown = () =>
    (partytown ??= new Promise<void>((resolve) => {
      // No fallback: when the sandbox is not up within 10 s (a slow phone, a busy machine), Partytown
      // would run the tags as page scripts, inline ones included, which the CSP refuses (a violation
      // report each, and the tags never ran). They wait for the sandbox instead, however late.
      window.partytown = { lib: PARTYTOWN_LIB, debug: false, forward: forwards(config), fallbackTimeout: 0 };
      const script = addScript({ src: `${PARTYTOWN_LIB}partytown.js`, [TAG_ATTRIBUTE]: 'partytown' });
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        console.error('[tags] Partytown could not load: no third-party tag runs on this page');
        resolve();
      });
    }));

  const apply = (state: ConsentState) => {
    if (stopped) return;
    const due = configuredTags(config).filter((tag) => state[TAG_CATEGORY[tag]] && !loaded.has(tag));
    if (due.length === 0) return;
    for (const tag of due) {
      loaded.add(tag);
      addScript({ type: 'text/partytown', [TAG_ATTRIBUTE]: tag }, tagSetup(config, tag, state));
      addScript({ type: 'text/partytown', src: tagScriptUrl(config, tag)!, [TAG_ATTRIBUTE]: tag });
    }
    // Partytown reads the page's tags when it starts; ones added after that need its update event.
    if (partytown) window.dispatchEvent(new CustomEvent('ptupdate'));
    else void startPartytown();
  };

  const stop = () => {
    stopped = true;
    for (const frame of document.querySelectorAll('iframe[src*="partytown-sandbox"]')) frame.remove();
    for (const script of document.querySelectorAll(`script[${TAG_ATTRIBUTE}]`)) script.remove();
  };

  apply(manager.get());
  manager.subscribe((state, before) => {
    const revoked = [...loaded].some((tag) => before[TAG_CATEGORY[tag]] && !state[TAG_CATEGORY[tag]]);
    if (revoked) {
      stop();
      return;
    }
    if (!stopped && loaded.has('gtag') && before.marketing !== state.marketing) window.gtag?.('consent', 'update', consentMode(state));
    apply(state);
  });

  await partytown;
  return {
    send(name, params) {
      if (stopped) return;
      if (loaded.has('gtm')) window.dataLayer?.push({ event: name, ...params });
      if (loaded.has('gtag')) window.gtag?.('event', name, params);
      if (loaded.has('fullstory')) window.FS?.('trackEvent', { name, properties: params });
    },
  };
}
