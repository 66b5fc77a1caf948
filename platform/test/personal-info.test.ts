/**
 * The player's own account details, changed straight through GraphQL: a valid personal info is
 * stored, returned and announced with PlayerUpdated; each broken rule (over 100 characters, a control
 * character, a date that does not exist, under the brand's or licence's age, an empty required field,
 * a zip code unlike the country's, a missing province in Canada, a verified name) is refused with a
 * per-field error and stores nothing; marketing preferences are saved, and refused while marketing is
 * blocked; without a session both mutations answer AuthenticationFailure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimumAgeOf } from '../src/players/personal-info.ts';
import { DATABASES, bearer, demoPlayerRow, freshSmsPlayer, signedInAs, startPlatform } from './helpers.ts';
import type { GqlResponse, TestPlatform } from './helpers.ts';

const FIELDS = 'firstName lastName street city zipCode state dateOfBirth';
const UPDATE = `mutation ($input: PersonalInfoInput!) { updatePersonalInfo(input: $input) { id personalInfo { ${FIELDS} } verifiedPersonalInfo } }`;
const READ = `{ viewer { player { id personalInfo { ${FIELDS} } verifiedPersonalInfo } } }`;
const MARKETING = `mutation ($input: MarketingPreferencesInput!) {
  setMarketingPreferences(input: $input) { marketingPreferences { marketingBlocked } isEmailMarketingAccepted isSmsMarketingAccepted isPhoneMarketingAccepted isWebPushMarketingAccepted }
}`;
const READ_MARKETING = '{ viewer { player { isEmailMarketingAccepted isSmsMarketingAccepted isPhoneMarketingAccepted isWebPushMarketingAccepted } } }';

const VALID = { firstName: 'Anna-Liisa', lastName: "O'Connor", street: 'Mannerheimintie 1 A 2', city: 'Helsinki', zipCode: '00100', dateOfBirth: '1988-02-29' };

/** A date of birth that makes someone `years` old today, less a day (so they turn `years` tomorrow). */
function bornYearsAgo(years: number, dayOffset = 1): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + dayOffset);
  return date.toISOString().slice(0, 10);
}

describe('the minimum age', () => {
  it('is the registration age: the lowest product age the brand offers under its licence, never below the brand\'s own', () => {
    expect(minimumAgeOf({ license: 'est', minimumAge: 18, features: [] })).toBe(21);
    // est lets an 18-year-old hold an account for sports where the brand offers them.
    expect(minimumAgeOf({ license: 'est', minimumAge: 18, features: ['Sportsbook'] })).toBe(18);
    expect(minimumAgeOf({ license: 'mga', minimumAge: 19, features: ['Sportsbook'] })).toBe(19);
    expect(minimumAgeOf({ license: 'crc', minimumAge: 18, features: [] })).toBe(18);
  });
});

describe.each(DATABASES)('personal info and marketing preferences on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  /** A new SMS player (KYC not required, so every field is theirs to change) of a brand: their headers. */
  const newPlayer = async (brand = 'aurelia') => (await freshSmsPlayer(app, brand)).headers;

  const stored = async (headers: Record<string, string>) => (await app.gql(READ, {}, headers)).data.viewer.player.personalInfo;
  /** The field errors of a refusal, as `field code` lines; the reply must carry no stack or internals. */
  const fieldErrors = (reply: GqlResponse) => {
    expect(reply.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    expect(reply.data?.updatePersonalInfo ?? null).toBeNull();
    expect(JSON.stringify(reply.errors)).not.toMatch(/InternalError|\bat [\w.]+ \(|node:internal|\.ts:\d+/);
    return (reply.errors?.[0]?.extensions.fieldErrors as { field: string; code: string; message: string }[]).map((error) => `${error.field} ${error.code}`);
  };

  it('stores a valid personal info, returns it, and announces the change with PlayerUpdated', async () => {
    const headers = await newPlayer();
    const { data: before } = await app.gql(READ, {}, headers);
    const events = app.platform.services.events.subscribe(before.viewer.player.id, 'playerUpdated');
    const reply = await app.gql(UPDATE, { input: { ...VALID, firstName: '  Anna-Liisa ' } }, headers);
    expect(reply.errors).toBeUndefined();
    const expected = { ...VALID, state: null };
    expect(reply.data.updatePersonalInfo).toMatchObject({ personalInfo: expected, verifiedPersonalInfo: [] });
    expect(await stored(headers)).toEqual(expected);
    await expect(events.next()).resolves.toEqual({ value: { isAccountClosed: false }, done: false });
    await events.return?.();

    // A field left out keeps its value.
    const moved = await app.gql(UPDATE, { input: { street: 'Aleksanterinkatu 5', zipCode: '00170' } }, headers);
    expect(moved.errors).toBeUndefined();
    expect(await stored(headers)).toEqual({ ...expected, street: 'Aleksanterinkatu 5', zipCode: '00170' });
  });

  it('refuses each invalid field with its own clear error, and stores nothing', async () => {
    const headers = await newPlayer();
    expect((await app.gql(UPDATE, { input: VALID }, headers)).errors).toBeUndefined();
    const cases: [string, Record<string, string>, string, RegExp][] = [
      ['101 characters', { city: 'x'.repeat(101) }, 'input.city tooLong', /at most 100 characters/],
      ['a control character', { street: 'Main Street\u0007 1' }, 'input.street controlCharacters', /control characters/],
      ['a line break', { lastName: 'Smith\nJones' }, 'input.lastName controlCharacters', /control characters/],
      ['a date that does not exist', { dateOfBirth: '1990-02-30' }, 'input.dateOfBirth dateOfBirth', /real date in the past, written YYYY-MM-DD/],
      ['a date in another format', { dateOfBirth: '17.05.1990' }, 'input.dateOfBirth dateOfBirth', /YYYY-MM-DD/],
      ['a date in the future', { dateOfBirth: '2999-01-01' }, 'input.dateOfBirth dateOfBirth', /in the past/],
      ['under age (18 tomorrow)', { dateOfBirth: bornYearsAgo(18) }, 'input.dateOfBirth tooYoung', /at least 18 years old/],
      ['an empty required field', { lastName: '' }, 'input.lastName required', /the last name is required/],
      ['blanks only', { firstName: '   ' }, 'input.firstName required', /the first name is required/],
      ['a cleared required field', { city: null as unknown as string }, 'input.city required', /the city is required/],
      ['digits in a name', { firstName: 'R2D2' }, 'input.firstName name', /must be letters/],
      ['a zip code unlike the country', { zipCode: 'ABC' }, 'input.zipCode zipCode', /FI postcode, such as 00100/],
    ];
    for (const [name, change, expected, message] of cases) {
      const reply = await app.gql(UPDATE, { input: { ...VALID, ...change } }, headers);
      expect(fieldErrors(reply), name).toEqual([expected]);
      expect(reply.errors?.[0]?.message, name).toMatch(message);
      expect(reply.errors?.[0]?.extensions.field, name).toBe(expected.split(' ')[0]);
      expect(await stored(headers), `${name}: nothing stored`).toEqual({ ...VALID, state: null });
    }
    // The age's number comes with the error, for the player's text.
    const young = await app.gql(UPDATE, { input: { ...VALID, dateOfBirth: bornYearsAgo(18) } }, headers);
    expect(young.errors?.[0]?.extensions.fieldErrors).toEqual([expect.objectContaining({ field: 'input.dateOfBirth', code: 'tooYoung', minimumAge: 18 })]);
    // Turning 18 today is old enough.
    expect((await app.gql(UPDATE, { input: { ...VALID, dateOfBirth: bornYearsAgo(18, 0) } }, headers)).errors).toBeUndefined();

    // Several problems at once come back together, each on its field.
    const many = await app.gql(UPDATE, { input: { firstName: '', lastName: 'Smith', street: '', city: 'Espoo', zipCode: '1', dateOfBirth: '1990-13-01' } }, headers);
    expect(fieldErrors(many)).toEqual(['input.firstName required', 'input.street required', 'input.zipCode zipCode', 'input.dateOfBirth dateOfBirth']);
  });

  it('takes the larger of the brand and licence age (vantor: 21) and the province and postcode of Canada (mapleridge)', async () => {
    const estonian = await newPlayer('vantor');
    const twenty = await app.gql(UPDATE, { input: { ...VALID, zipCode: '10111', dateOfBirth: bornYearsAgo(21) } }, estonian);
    expect(fieldErrors(twenty)).toEqual(['input.dateOfBirth tooYoung']);
    expect(twenty.errors?.[0]?.message).toMatch(/at least 21 years old/);
    expect((await app.gql(UPDATE, { input: { ...VALID, zipCode: '10111', dateOfBirth: bornYearsAgo(21, 0) } }, estonian)).errors).toBeUndefined();

    const canadian = await newPlayer('mapleridge');
    const noProvince = await app.gql(UPDATE, { input: { ...VALID, zipCode: '00100' } }, canadian);
    expect(fieldErrors(noProvince)).toEqual(['input.zipCode zipCode', 'input.state required']);
    expect(fieldErrors(await app.gql(UPDATE, { input: { ...VALID, zipCode: 'K1A 0B1', state: 'XX' } }, canadian))).toEqual(['input.state state']);
    const ok = await app.gql(UPDATE, { input: { ...VALID, zipCode: 'K1A 0B1', state: 'on' } }, canadian);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.updatePersonalInfo.personalInfo).toMatchObject({ zipCode: 'K1A 0B1', state: 'ON' });
  });

  it('keeps what identity verification fixed: the name and date of birth are read-only once KYC is Done', async () => {
    const headers = await signedInAs(app, 'verified');
    const row = await demoPlayerRow(app, 'verified');
    const { data } = await app.gql(READ, {}, headers);
    expect(data.viewer.player.verifiedPersonalInfo).toEqual(['firstName', 'lastName', 'dateOfBirth']);
    const renamed = await app.gql(UPDATE, { input: { firstName: 'Someone', lastName: row.last_name, street: 'Uusi katu 3', city: 'Turku', zipCode: '20100', dateOfBirth: '1970-01-01' } }, headers);
    expect(fieldErrors(renamed)).toEqual(['input.firstName verified', 'input.dateOfBirth verified']);
    expect(renamed.errors?.[0]?.message).toMatch(/verified with the player's ID/);
    expect((await stored(headers)).street).toBe('Demo Street 1');
    // The address is the player's to change; the verified fields may be sent unchanged or left out.
    const moved = await app.gql(UPDATE, { input: { firstName: row.first_name, street: 'Uusi katu 3', city: 'Turku', zipCode: '20100' } }, headers);
    expect(moved.errors).toBeUndefined();
    expect(moved.data.updatePersonalInfo.personalInfo).toMatchObject({ firstName: 'Aino', lastName: 'Virtanen', street: 'Uusi katu 3', city: 'Turku', zipCode: '20100', dateOfBirth: '1990-05-17' });
  });

  it('saves marketing preferences channel by channel, and refuses them while marketing is blocked', async () => {
    const headers = await newPlayer();
    const saved = await app.gql(MARKETING, { input: { email: true, sms: true } }, headers);
    expect(saved.errors).toBeUndefined();
    expect(saved.data.setMarketingPreferences).toEqual({
      marketingPreferences: { marketingBlocked: false }, isEmailMarketingAccepted: true, isSmsMarketingAccepted: true, isPhoneMarketingAccepted: false, isWebPushMarketingAccepted: false,
    });
    expect((await app.gql(MARKETING, { input: { sms: false, webPush: true } }, headers)).errors).toBeUndefined();
    const channels = { isEmailMarketingAccepted: true, isSmsMarketingAccepted: false, isPhoneMarketingAccepted: false, isWebPushMarketingAccepted: true };
    expect((await app.gql(READ_MARKETING, {}, headers)).data.viewer.player).toEqual(channels);
    expect((await app.gql(MARKETING, { input: {} }, headers)).errors?.[0]?.extensions.reason).toBe('BadUserInput');

    const { data } = await app.gql(READ, {}, headers);
    await app.platform.db.query('update players set marketing_blocked = true where id = $1', [data.viewer.player.id]);
    const refused = await app.gql(MARKETING, { input: { email: false } }, headers);
    expect(refused.data?.setMarketingPreferences ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions.reason).toBe('MarketingBlocked');
    expect(refused.errors?.[0]?.message).toBe('Marketing is blocked on this account, so its marketing preferences cannot be changed: the player can contact customer support');
    expect((await app.gql(READ_MARKETING, {}, headers)).data.viewer.player).toEqual(channels);
  });

  it('answers AuthenticationFailure without a session, and changes nothing', async () => {
    for (const [query, input] of [[UPDATE, VALID], [MARKETING, { email: true }]] as const) {
      const reply = await app.gql(query, { input });
      expect(reply.errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');
      const bad = await app.gql(query, { input }, bearer('not-a-token'));
      expect(bad.errors?.[0]?.extensions.reason).toMatch(/AuthenticationFailure|InvalidTokenFailure/);
    }
  });
});
