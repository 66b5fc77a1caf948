/**
 * Which country a request comes from. The client address is the first X-Forwarded-For entry (the
 * lobby's server sets it when proxying or rendering) or else the socket's peer. Addresses that name
 * no country (loopback, private networks, unlisted) fall back to the brand's default country.
 */
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../graphql/errors.ts';
import type { IpCountryTable } from './ip-country.ts';

/** The country context of one request. */
export interface CountryResolution {
  countryCode: string;
  ipCountryCode: string;
  subDivision: string | null;
  /** How the country was found, for debugging and logs. */
  source: 'ip' | 'default' | 'override';
  clientIp: string | null;
}

/** The client address of a request: first X-Forwarded-For entry, else the socket peer. */
export function clientAddress(req: IncomingMessage): string | null {
  const forwarded = headerValue(req, 'x-forwarded-for');
  const first = forwarded?.split(',')[0]?.trim();
  if (first) return stripPort(first);
  return req.socket.remoteAddress ?? null;
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

/** "1.2.3.4:5678" → "1.2.3.4", "[::1]:80" → "::1"; bare IPv6 is left alone. */
function stripPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address);
  return v4WithPort?.[1] ?? address;
}
