/**
 * Where a sign-in came from, kept on its session for the player's session history: the kind of
 * device (spec section 3's Device enumeration, Desktop or Mobile) read off the request's user agent,
 * and the country the platform resolves for the request (geo/country.ts, as every other country
 * decision does). Every place that opens a session (SMS, the identity provider, the pay-and-play
 * banks) reads it from the browser's own request.
 */
import type { IncomingMessage } from 'node:http';
import type { Brand } from '../brands/brands.ts';
import { resolveCountry } from '../geo/country.ts';
import type { IpCountryTable } from '../geo/ip-country.ts';
import type { SandboxGate } from '../sandbox/gate.ts';

/** What resolving a request's country takes (the platform's services have it). */
export interface CountrySources {
  ipTable: IpCountryTable;
  allowCountryOverride: boolean;
  sandbox: Pick<SandboxGate, 'allows'>;
}

/** Desktop or Mobile (phones and tablets). */
export type SessionDevice = 'Desktop' | 'Mobile';

/** The facts of a sign-in request a session keeps; null where the request did not tell. */
export interface SignInOrigin {
  device: SessionDevice | null;
  countryCode: string | null;
}

/** A sign-in with nothing known about its request (tests, tools). */
export const UNKNOWN_ORIGIN: SignInOrigin = { device: null, countryCode: null };

/**
 * Phones and tablets name themselves in their user agents: "Mobi" (the token browsers use for
 * phones), Android (tablets omit "Mobile"), the Apple handhelds, and the older mobile browsers.
 * An iPad that asks for the desktop site sends a Mac user agent and counts as Desktop: the request
 * cannot tell them apart.
 */
const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPad|iPod|Tablet|Kindle|Silk|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i;

/** The device class of a user agent; null when there is none to read. */
export function deviceOf(userAgent: string | null | undefined): SessionDevice | null {
  const value = userAgent?.trim();
  if (!value) return null;
  return MOBILE_USER_AGENT.test(value) ? 'Mobile' : 'Desktop';
}

/** The device and country of a sign-in request for a brand. */
export function signInOrigin(req: IncomingMessage, brand: Brand, services: CountrySources): SignInOrigin {
  const agent = req.headers['user-agent'];
  let countryCode: string | null = null;
  try {
    countryCode = resolveCountry(req, services.ipTable, brand.defaultCountry, services.allowCountryOverride && services.sandbox.allows(req)).countryCode;
  } catch {
    // A malformed debug-country header (sandbox only) must not cost the player their sign-in: the country stays unknown.
  }
  return { device: deviceOf(Array.isArray(agent) ? agent[0] : agent), countryCode };
}
