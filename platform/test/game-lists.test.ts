import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const LIST = `query List($slug: String!, $first: Int, $after: String, $lastShownGameId: String, $ipCountryCode: String,
    $subDivision: String, $license: String, $currencyCode: String) {
  listOfGames(listOfGamesSlug: $slug, first: $first, after: $after, lastShownGameId: $lastShownGameId,
      ipCountryCode: $ipCountryCode, subDivision: $subDivision, license: $license, currencyCode: $currencyCode, locale: "fi") {
    name slug
    games {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { id slug lookupId idx restrictedLicences restrictedCountries } }
    }
  }
}`;

const STUDIO = `query Studio($slug: String!, $first: Int, $after: String) {
  studio(slug: $slug) { slug gameCount games(first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { slug idx studio { slug } } }
  } }
}`;

interface Node { id: string; slug: string; idx: number; restrictedLicences: string[]; restrictedCountries: string[] }

describe.each(DATABASES)('game lists on $name', (database) => {
  let app: TestPlatform;
  /** Queries as an anonymous client with no brand header (so no licence default applies). */
  const list = async (variables: Record<string, unknown>) => {
    const response = await app.gql(LIST, variables, { 'x-brand': '' });
    expect(response.errors).toBeUndefined();
    return response.data.listOfGames.games as {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      edges: { cursor: string; node: Node }[];
    };
  };
  /** Every game of a list in order, paging through it 100 at a time. */
  const everything = async (slug: string, filters: Record<string, unknown> = {}) => {
    const games: Node[] = [];
    let after: string | null = null;
    do {
      const page = await list({ slug, first: 100, after, ...filters });
      games.push(...page.edges.map((edge) => edge.node));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return games;
  };

  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  it('serves 10 games by default and pages on with after', async () => {
    const first = await list({ slug: 'slots' });
    expect(first.edges).toHaveLength(10);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.pageInfo.endCursor).toBe(first.edges[9]?.cursor);
    const second = await list({ slug: 'slots', after: first.pageInfo.endCursor });
    expect(second.edges).toHaveLength(10);
    const all = (await list({ slug: 'slots', first: 20 })).edges.map((edge) => edge.node.id);
    expect([...first.edges, ...second.edges].map((edge) => edge.node.id)).toEqual(all);
    expect(second.totalCount).toBe(first.totalCount);
  });

  it('reports the last page and an empty one after it', async () => {
    const all = await everything('blackjack');
    const tail = await list({ slug: 'blackjack', first: 100 });
    expect(all.length).toBeLessThan(100);
    expect(tail.pageInfo.hasNextPage).toBe(false);
    expect(tail.totalCount).toBe(all.length);
    const beyond = await list({ slug: 'blackjack', after: tail.pageInfo.endCursor });
    expect(beyond.edges).toEqual([]);
    expect(beyond.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('continues after lastShownGameId when there is no cursor', async () => {
    const all = await everything('live-casino');
    const page = await list({ slug: 'live-casino', first: 5, lastShownGameId: all[11]?.id });
    expect(page.edges.map((edge) => edge.node.id)).toEqual(all.slice(12, 17).map((game) => game.id));
    // A cursor wins over lastShownGameId.
    const withCursor = await list({ slug: 'live-casino', first: 5, lastShownGameId: all[11]?.id, after: (await list({ slug: 'live-casino', first: 2 })).pageInfo.endCursor });
    expect(withCursor.edges[0]?.node.id).toBe(all[2]?.id);
  });

  it('leaves out games restricted under a licence', async () => {
    const allSlots = await everything('slots');
    expect(allSlots.length).toBe(300);
    const blockedForEst = allSlots.filter((game) => game.restrictedLicences.includes('est'));
    expect(blockedForEst.length).toBeGreaterThan(0);
    const filtered = await everything('slots', { license: 'est' });
    expect(filtered.map((game) => game.id)).toEqual(allSlots.filter((game) => !blockedForEst.includes(game)).map((game) => game.id));
    expect((await list({ slug: 'slots', first: 1, license: 'est' })).totalCount).toBe(allSlots.length - blockedForEst.length);
  });

  it('leaves out games restricted in a country', async () => {
    const all = await everything('live-casino');
    const blockedInFinland = all.filter((game) => game.restrictedCountries.includes('FI'));
    expect(blockedInFinland.length).toBeGreaterThan(0);
    const filtered = await everything('live-casino', { ipCountryCode: 'FI' });
    expect(filtered.map((game) => game.id)).toEqual(
      all.filter((game) => !blockedInFinland.includes(game)).map((game) => game.id),
    );
  });

  it('uses subDivision only for CA', async () => {
    const games = await app.gql('{ game(slug: "candy-alchemist") { restrictedCountries } }');
    expect(games.data.game.restrictedCountries).toEqual(['CA-ON']);
    const lists = ['new', 'recommended'];
    for (const slug of lists) {
      const ids = async (variables: Record<string, unknown>) => (await everything(slug, variables)).map((game) => game.slug);
      expect(await ids({ ipCountryCode: 'CA' })).toContain('candy-alchemist');
      expect(await ids({ ipCountryCode: 'CA', subDivision: 'ON' })).not.toContain('candy-alchemist');
      expect(await ids({ ipCountryCode: 'CA', subDivision: 'CA-ON' })).not.toContain('candy-alchemist');
      expect(await ids({ ipCountryCode: 'CA', subDivision: 'BC' })).toContain('candy-alchemist');
      // Outside Canada the subdivision is ignored, even one that matches a Canadian code.
      expect(await ids({ ipCountryCode: 'US', subDivision: 'ON' })).toContain('candy-alchemist');
    }
  });

  it('defaults the licence filter to the brand’s licence', async () => {
    const slug = 'slots';
    const anonymous = await list({ slug, first: 1 });
    // Maple Ridge operates under crc, which has a slot restricted.
    const mapleridge = await app.gql(LIST, { slug, first: 1 }, { 'x-brand': 'mapleridge' });
    const crc = await list({ slug, first: 1, license: 'crc' });
    expect(mapleridge.data.listOfGames.games.totalCount).toBe(crc.totalCount);
    expect(crc.totalCount).toBeLessThan(anonymous.totalCount);
  });

  it('rejects page sizes above 100, bad cursors and unknown lastShownGameId', async () => {
    const tooBig = await app.gql(LIST, { slug: 'slots', first: 101 });
    expect(tooBig.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    expect(tooBig.errors?.[0]?.message).toMatch(/first must be between 0 and 100/);
    const badCursor = await app.gql(LIST, { slug: 'slots', after: 'not-a-cursor' });
    expect(badCursor.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    const badGame = await app.gql(LIST, { slug: 'slots', lastShownGameId: 'no-such-game' });
    expect(badGame.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    const badLicence = await app.gql(LIST, { slug: 'slots', license: 'xyz' });
    expect(badLicence.errors?.[0]?.message).toMatch(/anj, cos, crc, est, mga/);
    const hundred = await list({ slug: 'slots', first: 100 });
    expect(hundred.edges).toHaveLength(100);
  });

  it('returns null for an unknown list', async () => {
    const response = await app.gql(LIST, { slug: 'no-such-list' });
    expect(response.errors).toBeUndefined();
    expect(response.data.listOfGames).toBeNull();
  });

  it('pages a studio’s games 20 then 30 at a time', async () => {
    const { data } = await app.gql('{ studios { slug gameCount } }');
    const big = [...data.studios].sort((a, b) => b.gameCount - a.gameCount)[0] as { slug: string; gameCount: number };
    expect(big.gameCount).toBeGreaterThan(50);
    const first = (await app.gql(STUDIO, { slug: big.slug })).data.studio.games;
    expect(first.edges).toHaveLength(20);
    expect(first.totalCount).toBe(big.gameCount);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await app.gql(STUDIO, { slug: big.slug, first: 30, after: first.pageInfo.endCursor })).data.studio.games;
    expect(second.edges).toHaveLength(30);
    const third = (await app.gql(STUDIO, { slug: big.slug, first: 30, after: second.pageInfo.endCursor })).data.studio.games;
    expect(third.edges).toHaveLength(big.gameCount - 50);
    expect(third.pageInfo.hasNextPage).toBe(false);
    const nodes = [...first.edges, ...second.edges, ...third.edges].map((edge: { node: { idx: number; studio: { slug: string } } }) => edge.node);
    expect(nodes.every((node) => node.studio.slug === big.slug)).toBe(true);
    expect(nodes.map((node) => node.idx)).toEqual([...nodes.map((node) => node.idx)].sort((a, b) => a - b));
  });

  it('pages a category the same way', async () => {
    const { data } = await app.gql('{ gameCategory(slug: "roulette") { gameCount games(first: 5) { totalCount edges { node { categories } } } } }');
    expect(data.gameCategory.games.edges).toHaveLength(5);
    expect(data.gameCategory.games.totalCount).toBeLessThanOrEqual(data.gameCategory.gameCount);
    expect(data.gameCategory.games.edges.every((edge: { node: { categories: string[] } }) => edge.node.categories.includes('roulette'))).toBe(true);
  });
});
