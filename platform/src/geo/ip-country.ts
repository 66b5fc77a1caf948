/**
 * Country by IP address from a small operator-editable CIDR table (`platform/data/ip-country.json`).
 * Loopback, private and link-local addresses are recognised here so callers can map them to the
 * brand's default country. Longest prefix wins, so an operator can carve a region out of a range.
 */
import { isIP } from 'node:net';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describeIssues, displayPath, friendlyErrors } from '../validation.ts';

/** What an address resolved to. */
export type IpLookup =
  | { kind: 'country'; countryCode: string; subDivision: string | null }
  | { kind: 'private' }
  | { kind: 'unknown' };

interface Range {
  version: 4 | 6;
  network: bigint;
  prefix: number;
  result: IpLookup;
}

const tableSchema = z.object({
  ranges: z.array(
    z.object({
      cidr: z.string(),
      country: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals'),
      subdivision: z.string().regex(/^[A-Z0-9]{1,3}$/, 'the ISO 3166-2 part after the dash, such as "ON"').optional(),
    }),
  ),
});

/** Address ranges that never identify a country: the brand's default country applies. */
const NON_PUBLIC = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16',
  '::/128', '::1/128', 'fc00::/7', 'fe80::/10',
];

/** A compiled lookup table. */
export interface IpCountryTable {
  /** Resolves an address (IPv4, IPv6 or IPv4-mapped IPv6). */
  lookup(address: string): IpLookup;
}

/** Reads and compiles the table file, naming the file and entry on any error. */
export function loadIpCountryTable(file: string): IpCountryTable {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the IP-to-country table ${displayPath(file)}: ${(error as Error).message}`);
  }
  const parsed = tableSchema.safeParse(json, friendlyErrors);
  if (!parsed.success) throw new Error(`${displayPath(file)}: ${describeIssues(parsed.error.issues).join('; ')}`);
  const entries = parsed.data.ranges.map((entry) => ({
    cidr: entry.cidr,
    result: { kind: 'country', countryCode: entry.country, subDivision: entry.subdivision ?? null } as IpLookup,
  }));
  return compileTable([...NON_PUBLIC.map((cidr) => ({ cidr, result: { kind: 'private' } as IpLookup })), ...entries], displayPath(file));
}

/** Builds a table from CIDR entries (exported for tests). */
export function compileTable(entries: { cidr: string; result: IpLookup }[], source = 'table'): IpCountryTable {
  const ranges: Range[] = entries.map(({ cidr, result }) => {
    const [address = '', prefixText] = cidr.split('/');
    const parsed = parseAddress(address);
    const prefix = Number(prefixText);
    const bits = parsed?.version === 4 ? 32 : 128;
    if (!parsed || !Number.isInteger(prefix) || prefix < 0 || prefix > bits) {
      throw new Error(`${source}: "${cidr}" is not a CIDR range such as "192.0.2.0/24" or "2001:db8::/32"`);
    }
    return { version: parsed.version, network: parsed.value & mask(prefix, bits), prefix, result };
  });
  ranges.sort((a, b) => b.prefix - a.prefix);
  return {
    lookup(address: string): IpLookup {
      const parsed = parseAddress(address);
      if (!parsed) return { kind: 'unknown' };
      const bits = parsed.version === 4 ? 32 : 128;
      for (const range of ranges) {
        if (range.version === parsed.version && (parsed.value & mask(range.prefix, bits)) === range.network) {
          return range.result;
        }
      }
      return { kind: 'unknown' };
    },
  };
}

function mask(prefix: number, bits: number): bigint {
  const all = (1n << BigInt(bits)) - 1n;
  return prefix === 0 ? 0n : (all << BigInt(bits - prefix)) & all;
}

/** Parses an address to its integer value; IPv4-mapped IPv6 (::ffff:a.b.c.d) becomes IPv4. */
export function parseAddress(input: string): { version: 4 | 6; value: bigint } | null {
  const address = input.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(address);
  if (version === 4) {
    return { version: 4, value: address.split('.').reduce((sum, octet) => (sum << 8n) + BigInt(Number(octet)), 0n) };
  }
  if (version !== 6) return null;
  let text = address.toLowerCase();
  // A dotted IPv4 tail becomes two hextets.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const v4 = parseAddress(tail[1]);
    if (!v4) return null;
    text = text.slice(0, -tail[1].length) + `${(v4.value >> 16n).toString(16)}:${(v4.value & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const restParts = rest === undefined ? [] : rest ? rest.split(':') : [];
  const zeros = rest === undefined ? 0 : 8 - headParts.length - restParts.length;
  const hextets = [...headParts, ...Array<string>(zeros).fill('0'), ...restParts];
  const value = hextets.reduce((sum, part) => (sum << 16n) + BigInt(parseInt(part, 16)), 0n);
  if (value >> 32n === 0xffffn) return { version: 4, value: value & 0xffffffffn };
  return { version: 6, value };
}
