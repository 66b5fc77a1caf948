import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../src/catalogue/generate.ts';
import { formatBet } from '../src/catalogue/money.ts';
import { catalogueNameKey } from '../src/catalogue/names.ts';
import { CATEGORIES, GAME_LISTS } from '../src/catalogue/vocabulary.ts';
import { LOCALES } from '../src/i18n/locales.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const FIXED_LISTS = ['blackjack', 'bonus', 'hot-games', 'jackpots', 'live-casino', 'megaways', 'new', 'roulette', 'slots', 'table-games'];

describe('catalogue generator', () => {
  it('is deterministic', () => {
    expect(generateCatalogue()).toEqual(generateCatalogue());
  });

  it('uses unique slugs, ids and lookup ids', () => {
    const { games } = generateCatalogue();
    for (const field of ['slug', 'id', 'lookupId'] as const) {
      expect(new Set(games.map((game) => game[field])).size).toBe(games.length);
    }
  });
});

describe('catalogue names', () => {
  // Issue 27: the games page's category chips and editorial rails were English in every language.
  it.each(LOCALES)('%s names every seeded list and category', (locale) => {
    const texts = JSON.parse(readFileSync(`platform/data/translations/${locale}.json`, 'utf8')) as Record<string, string>;
    const keys = [
      ...GAME_LISTS.map((list) => catalogueNameKey('gameList', list.slug)),
      ...CATEGORIES.map((category) => catalogueNameKey('gameCategory', category.slug)),
    ];
    expect(keys.filter((key) => !texts[key]?.trim()), `list and category names missing in ${locale}.json`).toEqual([]);
  });
});

describe('money formatting', () => {
  it('formats EUR cents exactly in each currency', () => {
    expect(formatBet(10n, 'EUR')).toBe('0.10');
    expect(formatBet(25000n, 'EUR')).toBe('250.00');
    expect(formatBet(10n, 'NOK')).toBe('1.00');
    expect(formatBet(20n, 'JPY')).toBe('20');
    expect(formatBet(50n, 'INR')).toBe('25.00');
  });
});

describe.each(DATABASES)('catalogue on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  it('holds at least 400 games over at least 12 studios', async () => {
    const { data } = await app.gql('{ studios { slug name gameCount imageUrl } gameCategories { slug gameCount } }');
    const total = data.studios.reduce((sum: number, studio: { gameCount: number }) => sum + studio.gameCount, 0);
    expect(total).toBeGreaterThanOrEqual(400);
    expect(data.studios.length).toBeGreaterThanOrEqual(12);
    expect(data.studios[0].imageUrl).toBe(`/media/studios/${data.studios[0].slug}.webp`);
    expect(data.gameCategories.map((category: { slug: string }) => category.slug)).toEqual(
      expect.arrayContaining(['slots', 'table-games', 'live-casino', 'jackpots']),
    );
  });

  it('has the ten fixed lists with 20+ games each, plus editorial lists', async () => {
    const { data } = await app.gql('{ gameLists { slug name kind gameCount } }');
    const lists = new Map(data.gameLists.map((list: { slug: string }) => [list.slug, list]));
    for (const slug of FIXED_LISTS) {
      expect(lists.get(slug), slug).toMatchObject({ kind: 'fixed' });
      expect((lists.get(slug) as { gameCount: number }).gameCount, slug).toBeGreaterThanOrEqual(20);
    }
    expect(lists.get('popular')).toMatchObject({ kind: 'editorial' });
    expect(lists.get('recommended')).toMatchObject({ kind: 'editorial' });
  });

  it('stores the generated catalogue as is', async () => {
    const expected = generateCatalogue().games.find((game) => game.idx === 1);
    const { data } = await app.gql(
      `query ($slug: String!) { game(slug: $slug) {
        id lookupId idx slug name rtp volatility minBet maxBet currency categories imageUrl releasedAt
        hasBonus isLiveCasino isJackpot isMegaways playForFun restrictedLicences restrictedCountries studio { slug }
      } }`,
      { slug: expected?.slug },
    );
    expect(data.game).toMatchObject({
      id: expected?.id,
      lookupId: expected?.lookupId,
      idx: 1,
      name: expected?.name,
      studio: { slug: expected?.studioSlug },
      rtp: `${Math.trunc((expected?.rtpHundredths ?? 0) / 100)}.${String((expected?.rtpHundredths ?? 0) % 100).padStart(2, '0')}`,
      currency: 'EUR',
      minBet: formatBet(BigInt(expected?.minBetMinor ?? 0), 'EUR'),
      imageUrl: `/media/games/${expected?.slug}.webp`,
      releasedAt: expected?.releasedAt,
    });
    expect(data.game.rtp).toMatch(/^\d{2}\.\d{2}$/);
  });

  it('names lists and categories in the request’s locale, games and studios as they are', async () => {
    const query = '{ gameLists { slug name } gameCategories { slug name } gameCategory(slug: "game-shows") { name } studio(slug: "kestrel-live") { name } }';
    const english = (await app.gql(query)).data;
    const german = (await app.gql(query, {}, { 'x-locale': 'de_AT' })).data;
    const nameOf = (entries: { slug: string; name: string }[], slug: string) => entries.find((entry) => entry.slug === slug)?.name;
    expect(nameOf(english.gameCategories, 'table-games')).toBe('Table games');
    expect(nameOf(german.gameCategories, 'table-games')).toBe('Tischspiele');
    expect(nameOf(german.gameCategories, 'instant-win')).toBe('Sofortgewinne');
    expect(nameOf(german.gameLists, 'staff-picks')).toBe('Unsere Favoriten');
    expect(german.gameCategory.name).toBe('Spielshows');
    expect(german.studio.name).toBe(english.studio.name);
    // The list slice's locale argument wins over the header, as for its games' filters.
    const slice = await app.gql('{ listOfGames(listOfGamesSlug: "popular", first: 1, locale: "ja") { name } }', {}, { 'x-locale': 'fi' });
    expect(slice.data.listOfGames.name).toBe('よく遊ばれているゲーム');
    const unknown = await app.gql('{ gameCategories { name } }', {}, { 'x-locale': 'sv' });
    expect(unknown.errors?.[0]?.message).toContain('Unknown locale "sv"');
  });

  it('shows bets in the requested currency, else the brand’s', async () => {
    const { data } = await app.gql('{ eur: game(slug: "electric-kingdom") { minBet currency } nok: game(slug: "electric-kingdom", currencyCode: "NOK") { minBet currency } }');
    expect(data.eur.currency).toBe('EUR');
    expect(data.nok).toEqual({ minBet: formatBet(BigInt(data.eur.minBet.replace('.', '')), 'NOK'), currency: 'NOK' });
    const cad = await app.gql('{ game(slug: "electric-kingdom") { currency } }', {}, { 'x-brand': 'mapleridge' });
    expect(cad.data.game.currency).toBe('CAD');
  });

  it('answers null for unknown games, studios, categories and lists', async () => {
    const { data, errors } = await app.gql(
      '{ game(slug: "nope") { id } studio(slug: "nope") { slug } gameCategory(slug: "nope") { slug } listOfGames(listOfGamesSlug: "nope") { slug } }',
    );
    expect(errors).toBeUndefined();
    expect(data).toEqual({ game: null, studio: null, gameCategory: null, listOfGames: null });
  });
});
