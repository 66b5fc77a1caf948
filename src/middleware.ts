/**
 * Runs before every on-demand page: identifies the brand from the Host header, resolves the locale
 * from the path prefix, and answers the spec's redirects (empty path, /verifyEmail, unknown
 * locales). A request for a host no brand lists gets an error page, never another brand's data.
 */
import { defineMiddleware } from 'astro:middleware';
import { brandsGeneration, getBrands } from './brands/load.server.ts';
import { brandOrigin } from './brands/origin.server.ts';
import { brandForHost, parseHostHeader } from './brands/site.ts';
import { isLocale, LOCALE_SHAPE } from './i18n/locales.ts';
import { homePath, routePath } from './paths.ts';
import { unknownHostResponse, badHostResponse } from './features/errors/host-errors.ts';
import { platformAnswers } from './features/errors/platform-health.server.ts';
import { callContextFor, loadCountryContext, safeClientAddress } from './features/page-context/page-context.server.ts';
import { withFrameSources } from './features/security/csp.server.ts';
import { cachedRender, clearRenderCache, isAnonymousRequest, isCacheableRequest, PREVIEW_COOKIE, PREVIEW_COOKIE_SECONDS, previewTokenOf, renderCacheKey } from './features/render-cache/render-cache.server.ts';
import { contentGeneration } from './features/render-cache/content-version.server.ts';
import { finishPage } from './features/critical-css/finish-page.server.ts';
import { REST_PREFIX, restOfSheetResponse } from './features/critical-css/critical-css.server.ts';
import { cdnCachePolicyFromEnv, pageCacheHeaders, withCacheHeaders } from './features/render-cache/cdn-cache.server.ts';
import { cdnPurgeFromEnv, startCdnPurgeHook } from './features/render-cache/cdn-purge.server.ts';

/** Paths outside the locale prefix that pages serve themselves (the operator console: English, never in the render cache). */
const UNPREFIXED = /^\/(internal|api|operator)(\/|$)/;

/** The brands generation the render cache was filled under; a brand edit drops every cached page. */
let renderedGeneration = 0;

/** How a CDN may keep anonymous pages (read at start-up: a bad value stops the lobby with its message). */
const cdnPolicy = cdnCachePolicyFromEnv();
const purgeTarget = cdnPurgeFromEnv();
if (purgeTarget) startCdnPurgeHook(purgeTarget, (brandId) => getBrands().find((brand) => brand.id === brandId)?.settings.hosts ?? []);

export const onRequest = defineMiddleware(async (context, next) => {
  // The rest of a page's stylesheet (critical-css.server.ts): the same for every brand, like /_astro/.
  if (context.url.pathname.startsWith(REST_PREFIX)) return restOfSheetResponse(context.url.pathname, context.request.method);
  const brands = getBrands();
  if (brandsGeneration() !== renderedGeneration) {
    renderedGeneration = brandsGeneration();
    clearRenderCache();
  }
  const hostHeader = context.request.headers.get('host');
  const host = parseHostHeader(hostHeader);
  if (!host) return badHostResponse(hostHeader);
  const brand = brandForHost(brands, host);
  if (!brand) return unknownHostResponse(host);

  // From here every answer carries the caching a CDN needs: public and short for anonymous visitors,
  // never stored for players or for an answer that sets a cookie (cdn-cache.server.ts).
  const anonymous = isAnonymousRequest(context.request);
  // Astro adds the cookies a page sets (Astro.cookies) to the response only after the middleware
  // returns, so they are asked of context.cookies as well as of the headers.
  const setsCookie = (response: Response) => response.headers.has('set-cookie') || !context.cookies.headers().next().done;
  // An editor's preview (the console's draft): its page is not anonymous (never cached: private,
  // no-store), never indexed, and ?atrium-preview=<token> moves into a cookie (the page's later
  // requests carry it) and out of the address, so no Referer or page view carries the token.
  const preview = previewTokenOf(context.request);
  const previewParam = context.url.searchParams.get(PREVIEW_COOKIE);
  if (previewParam !== null && context.request.method === 'GET') {
    const bare = new URL(context.url);
    bare.searchParams.delete(PREVIEW_COOKIE);
    const headers = new Headers({ location: `${bare.pathname}${bare.search}`, 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });
    const secure = context.url.protocol === 'https:' ? '; Secure' : '';
    headers.append('set-cookie', previewParam
      ? `${PREVIEW_COOKIE}=${encodeURIComponent(previewParam)}; Path=/; Max-Age=${PREVIEW_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`
      : `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    return new Response(null, { status: 303, headers });
  }
  // A page that says no-store itself (the operator console) is never made shareable.
  const privatePage = (response: Response) => response.headers.get('cache-control')?.includes('no-store') === true;
  const cached = (response: Response) => {
    const headed = withCacheHeaders(response, pageCacheHeaders(cdnPolicy, {
      method: context.request.method, anonymous: anonymous && !privatePage(response), status: response.status, setsCookie: setsCookie(response),
      consentByCountry: brand.settings.automaticAcceptedCookiesCountries.length > 0,
    }));
    if (preview) headed.headers.set('x-robots-tag', 'noindex');
    return headed;
  };

  context.locals.brand = brand;
  context.locals.origin = brandOrigin(brand, host);
  context.locals.locale = brand.defaultLocale;
  const { pathname, search } = context.url;
  const localization = brand.settings.localization;
  const home = { locale: brand.defaultLocale, localization };

  if (pathname === '/verifyEmail' || pathname === '/verifyEmail/') {
    return cached(context.redirect(`${routePath(home, 'verify-email')}${search}`, 302));
  }
  const framed = async (response: Response) => cached(await withFrameSources(response, brand.id, brand.defaultLocale));
  if (UNPREFIXED.test(pathname)) return framed(await finishPage(await next()));

  const first = pathname.split('/')[1] ?? '';
  if (pathname === '/' && localization) return cached(context.redirect(`${homePath(home)}${search}`, 302));

  let render: () => Promise<Response> = async () => finishPage(await next());
  if (LOCALE_SHAPE.test(first)) {
    // A locale this brand does not serve goes back to the brand's home (spec section 2).
    if (!isLocale(first) || !brand.locales.includes(first)) return cached(context.redirect('/', 302));
    context.locals.locale = first;
  } else if (!localization) {
    // Without localisation, unprefixed paths are the default locale's pages.
    render = async () => finishPage(await next(`/${brand.defaultLocale}${pathname}${search}`));
  }

  // The platform does not answer: every page says so in the page's language, with a status no CDN
  // keeps (503, no-store), instead of rendering in English without its texts and settings.
  if (!(await platformAnswers())) {
    context.locals.outage = { returnTo: `${pathname}${search}` };
    return framed(await finishPage(await next(`/${context.locals.locale}/500/`)));
  }

  if (!isCacheableRequest(context.request)) return framed(await render());
  const call = callContextFor(brand, context.locals.locale, context.request, safeClientAddress(context));
  const country = await loadCountryContext(brand, call);
  const key = renderCacheKey({ brand: brand.id, host, generation: contentGeneration(brand.id), country: country.countryCode, subDivision: country.subDivision, url: context.url, cookies: context.cookies });
  return framed(await cachedRender(key, render, Date.now(), setsCookie));
});
