/**
 * Which country a request comes from. The client address is security/client-address.ts's: the
 * socket's peer, or what trusted proxies (PLATFORM_TRUST_PROXY; the lobby's server when it proxies or
 * renders) put in X-Forwarded-For. Addresses that name no country (loopback, private networks,
 * unlisted) fall back to the brand's default country.
 */
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../graphql/errors.ts';
import { clientAddress } from '../security/client-address.ts';
import type { IpCountryTable } from './ip-country.ts';

export { clientAddress };

/** The country context of one request. */
export interface CountryResolution {
  countryCode: string;
  ipCountryCode: string;
  subDivision: string | null;
  /** How the country was found, for debugging and logs. */
  source: 'ip' | 'default' | 'override';
  clientIp: string | null;
}

/** Resolves the country of a request for a brand whose default country is defaultCountry. */
export function resolveCountry(
  req: IncomingMessage,
  table: IpCountryTable,
  defaultCountry: string,
  allowOverride: boolean,
): CountryResolution {
  const clientIp = clientAddress(req);
  if (allowOverride) {
    const override = headerValue(req, 'x-debug-country');
    if (override) {
      const countryCode = override.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(countryCode)) {
        throw new PlatformError('BadUserInput', `x-debug-country "${override}" is not a two-letter country code such as "FI"`);
      }
      const subdivision = headerValue(req, 'x-debug-subdivision');
      return {
        countryCode,
        ipCountryCode: countryCode,
        subDivision: subdivision ? normaliseSubdivision(subdivision, countryCode, 'x-debug-subdivision') : null,
        source: 'override',
        clientIp,
      };
    }
  }
  const found = clientIp ? table.lookup(clientIp) : ({ kind: 'unknown' } as const);
  if (found.kind === 'country') {
    return { countryCode: found.countryCode, ipCountryCode: found.countryCode, subDivision: found.subDivision, source: 'ip', clientIp };
  }
  return { countryCode: defaultCountry, ipCountryCode: defaultCountry, subDivision: null, source: 'default', clientIp };
}

/**
 * A subdivision as its ISO 3166-2 suffix ("ON"), accepting "CA-ON" too. Throws BadUserInput,
 * naming the argument, for anything else.
 */
export function normaliseSubdivision(value: string, countryCode: string, argument: string): string {
  const upper = value.trim().toUpperCase();
  const match = /^(?:([A-Z]{2})-)?([A-Z0-9]{1,3})$/.exec(upper);
  if (!match || (match[1] && match[1] !== countryCode)) {
    throw new PlatformError('BadUserInput', `${argument} "${value}" is not a subdivision of ${countryCode} such as "ON" or "${countryCode}-ON"`);
  }
  return match[2] as string;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
