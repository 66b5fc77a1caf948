/**
 * The per-request part of the lobby's Content-Security-Policy: the frame-src of the brand (its
 * game server origin is asked of the platform and cached). The static directives and the hashes
 * of inline scripts live in csp.ts.
 */
import { errorReportingDsn, jackpotServiceUrl, liveChatScriptUrl, platformUrl } from '../../config.server.ts';
import { platformQuery } from '../../lib/graphql.server.ts';
import { LobbyFrameOriginsDocument } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { frameSrcDirective, parseFrameOrigins, withOriginOf } from './csp.ts';
import { analyticsTagsMode } from '../tags/tags.server.ts';
import { REAL_TAG_ORIGINS } from '../tags/tags.ts';

const gameOriginCache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 200 });
let extraOrigins: string[] | undefined;

/** The game server origin the platform announces for a brand, or null while the platform cannot say. */
async function gameServerOrigin(brand: string, locale: string): Promise<string | null> {
  return gameOriginCache
    .get(brand, () =>
      platformQuery(LobbyFrameOriginsDocument, {}, { brand, locale }).then(
        (data) => data.lobbySettings.gameServerOrigin,
      ),
    )
    .catch(() => null);
}

/**
 * Adds the brand's frame-src to a rendered page's Content-Security-Policy header, the error
 * reporting DSN's origin to its connect-src, the live-chat script's and (ANALYTICS_TAGS=real) the tag
 * vendors' to its script-src. Astro's context.csp only exists once the page renders,
 * so the middleware completes the header instead.
 */
export async function withFrameSources(response: Response, brand: string, locale: string): Promise<Response> {
  const policy = response.headers.get('content-security-policy');
  if (!policy || /(^|;)\s*frame-src\s/.test(policy)) return response;
  extraOrigins ??= parseFrameOrigins(process.env.ATRIUM_FRAME_ORIGINS);
  const frameSrc = frameSrcDirective({ platformUrl: platformUrl(), gameServerOrigin: await gameServerOrigin(brand, locale), extraOrigins });
  const headers = new Headers(response.headers);
  // An operator's own jackpot service (JACKPOT_SERVICE_URL, https): its REST and wss (CSP3 lets an https source match wss).
  let withServices = withOriginOf(withOriginOf(withOriginOf(policy, 'connect-src', errorReportingDsn()), 'connect-src', jackpotServiceUrl()), 'script-src', liveChatScriptUrl() ?? '');
  if (analyticsTagsMode() === 'real') for (const origin of REAL_TAG_ORIGINS) withServices = withOriginOf(withServices, 'script-src', origin);
  headers.set('content-security-policy', `${withServices.replace(/[\s;]+$/, '')}; ${frameSrc}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
