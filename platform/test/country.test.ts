import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform } from '../src/platform.ts';
import type { Platform } from '../src/platform.ts';
import { compileTable, loadIpCountryTable, parseAddress } from '../src/geo/ip-country.ts';
import { PLATFORM_DATA } from '../src/platform.ts';
import { CONTENT_DIR, DATABASES, FIXTURE_BRANDS, SANDBOX_KEY, startPlatform, TEST_SANDBOX_KEY } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const COUNTRY = 'query CountryContextQuery { countryContext { countryCode playerCountryCode havePlayerCountryCode ipCountryCode subDivision } }';

describe('IP-to-country table', () => {
  const table = loadIpCountryTable(`${PLATFORM_DATA}/ip-country.json`);

  it('parses IPv4, IPv6 and IPv4-mapped addresses', () => {
    expect(parseAddress('192.0.2.1')).toEqual({ version: 4, value: 0xc0000201n });
    expect(parseAddress('::ffff:192.0.2.1')).toEqual({ version: 4, value: 0xc0000201n });
    expect(parseAddress('2001:db8::1')?.version).toBe(6);
    expect(parseAddress('[::1]')).toEqual({ version: 6, value: 1n });
    expect(parseAddress('not an ip')).toBeNull();
  });

  it('maps ranges, longest prefix first, and knows private ranges', () => {
    expect(table.lookup('192.0.2.5')).toEqual({ kind: 'country', countryCode: 'FI', subDivision: null });
    expect(table.lookup('198.51.100.20')).toEqual({ kind: 'country', countryCode: 'CA', subDivision: 'ON' });
    expect(table.lookup('2001:db8:ca:1::7')).toEqual({ kind: 'country', countryCode: 'CA', subDivision: 'ON' });
    expect(table.lookup('2001:db8:ca:9::7')).toEqual({ kind: 'country', countryCode: 'CA', subDivision: null });
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.1', '172.20.0.1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(table.lookup(address), address).toEqual({ kind: 'private' });
    }
    expect(table.lookup('8.8.8.8')).toEqual({ kind: 'unknown' });
  });

  it('names a bad range', () => {
    expect(() => compileTable([{ cidr: '300.1.1.1/8', result: { kind: 'private' } }], 'ip-country.json')).toThrow(/ip-country\.json: "300\.1\.1\.1\/8"/);
  });
});

describe.each(DATABASES)('country context on $name', (database) => {
  let app: TestPlatform;
  let withOverride: Platform;
  let overrideUrl: string;

  beforeAll(async () => {
    app = await startPlatform(database);
    // A second server on the same database, with the test-only override switched on.
    withOverride = await createPlatform({
      brandsDir: FIXTURE_BRANDS, contentDir: CONTENT_DIR, db: app.platform.db, allowCountryOverride: true,
      auth: { enableSandboxAdmin: true, sandboxKey: TEST_SANDBOX_KEY },
    });
    await withOverride.listen(0);
    overrideUrl = withOverride.url();
  });
  afterAll(async () => {
    await withOverride?.close();
    await app?.close();
  });

  it('maps loopback to the brand’s default country', async () => {
    const aurelia = await app.gql(COUNTRY);
    expect(aurelia.data.countryContext).toEqual({
      countryCode: 'FI', playerCountryCode: null, havePlayerCountryCode: false, ipCountryCode: 'FI', subDivision: null,
    });
    const mapleridge = await app.gql(COUNTRY, {}, { 'x-brand': 'mapleridge' });
    expect(mapleridge.data.countryContext.countryCode).toBe('CA');
  });

  it('uses the X-Forwarded-For address its trusted proxy (loopback here) saw, not what the client wrote before it', async () => {
    const germany = await app.gql(COUNTRY, {}, { 'x-forwarded-for': '198.51.100.17, 192.0.2.50' });
    expect(germany.data.countryContext).toMatchObject({ countryCode: 'DE', ipCountryCode: 'DE', subDivision: null });
    // A chain of trusted proxies: the address before the last of them.
    expect((await app.gql(COUNTRY, {}, { 'x-forwarded-for': '192.0.2.50, 127.0.0.1' })).data.countryContext.countryCode).toBe('DE');
    const ontario = await app.gql(COUNTRY, {}, { 'x-forwarded-for': '198.51.100.17' });
    expect(ontario.data.countryContext).toMatchObject({ countryCode: 'CA', subDivision: 'ON' });
    const ipv6 = await app.gql(COUNTRY, {}, { 'x-forwarded-for': '2001:db8:81::1' });
    expect(ipv6.data.countryContext.countryCode).toBe('JP');
    const privateAddress = await app.gql(COUNTRY, {}, { 'x-forwarded-for': '10.9.8.7' });
    expect(privateAddress.data.countryContext.countryCode).toBe('FI');
  });

  it('ignores x-debug-country unless the override is enabled and the sandbox key comes with it', async () => {
    const ignored = await app.gql(COUNTRY, {}, { 'x-debug-country': 'SE' });
    expect(ignored.data.countryContext.countryCode).toBe('FI');

    const ask = async (key: Record<string, string>) => {
      const response = await fetch(`${overrideUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-brand': 'aurelia', 'x-debug-country': 'ca', 'x-debug-subdivision': 'QC', 'x-forwarded-for': '192.0.2.1', ...key },
        body: JSON.stringify({ query: COUNTRY }),
      });
      return ((await response.json()) as { data: { countryContext: unknown } }).data.countryContext;
    };
    expect(await ask(SANDBOX_KEY)).toMatchObject({ countryCode: 'CA', ipCountryCode: 'CA', subDivision: 'QC' });
    // Without the key (or with a wrong one) the header is a visitor's claim: the address decides.
    expect(await ask({})).toMatchObject({ countryCode: 'FI', subDivision: null });
    expect(await ask({ 'x-sandbox-key': 'a-guess-at-the-operator-key' })).toMatchObject({ countryCode: 'FI' });
  });

  it('picks the login flow for the requester’s country', async () => {
    const query = '{ lobbySettings { brand operator license currency defaultCountry enabledFeatures countryCode flow { registration login } locales { locale isDefault } } }';
    const finland = await app.gql(query);
    expect(finland.data.lobbySettings).toMatchObject({
      brand: 'aurelia', license: 'mga', currency: 'EUR', defaultCountry: 'FI', countryCode: 'FI',
      flow: { registration: 'trustly', login: 'trustly' },
    });
    expect(finland.data.lobbySettings.enabledFeatures).toContain('Sportsbook');
    const sweden = await app.gql(query, {}, { 'x-forwarded-for': '192.0.2.17' });
    expect(sweden.data.lobbySettings.flow).toEqual({ registration: 'zimpler', login: 'zimpler' });
    const germany = await app.gql(query, {}, { 'x-forwarded-for': '192.0.2.50' });
    expect(germany.data.lobbySettings.flow).toEqual({ registration: 'sms', login: 'sms' });
  });
});
