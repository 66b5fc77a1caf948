import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueRepository } from '../src/catalogue/repository.ts';
import { BLOCK_TYPES } from '../src/content/blocks.ts';
import { LOGOS_FOLDER, svgSize } from '../src/content/more-casinos.ts';
import { servedBanners } from '../src/content/banners.ts';
import { createContentStore } from '../src/content/store.ts';
import { createPlatform } from '../src/platform.ts';
import type { Platform } from '../src/platform.ts';
import { CONTENT_DIR, DATABASES, FIXTURE_BRANDS, startPlatform } from './helpers.ts';
import type { GqlResponse, TestPlatform } from './helpers.ts';

const LAYOUT = 'query ($cc: String!, $locale: String) { layout(countryCode: $cc, locale: $locale) { countryCode locale source blocks { id type props } } }';
const MENU = 'query ($locale: String) { lobbyMenu(menuKey: "lobbyMenu", locale: $locale) { key items { id label href icon } } }';
const BRANDS = ['aurelia', 'kororaa', 'mapleridge', 'nordvik', 'solenne', 'vantor'];

interface Block { id: string; type: string; props: Record<string, any> }

describe.each(DATABASES)('content and translations on $name', (database) => {
  let app: TestPlatform;
  let scratch: Platform;
  let scratchDir: string;
  let translationsDir: string;

  /** Queries the platform that reads the scratch content and translation folders. */
  const scratchGql = async (query: string, variables: Record<string, unknown> = {}): Promise<GqlResponse> => {
    const response = await fetch(`${scratch.url()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'aurelia' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GqlResponse;
  };
  /** Rewrites a scratch file and moves its mtime on, as an editor's save would. */
  const save = (file: string, content: string) => {
    writeFileSync(file, content);
    const later = new Date(Date.now() + Math.floor(Math.random() * 100_000) + 1000);
    utimesSync(file, later, later);
  };

  beforeAll(async () => {
    app = await startPlatform(database);
    scratchDir = mkdtempSync(join(tmpdir(), 'atrium-content-'));
    cpSync(join(CONTENT_DIR, 'aurelia'), join(scratchDir, 'aurelia'), { recursive: true });
    cpSync(join(CONTENT_DIR, LOGOS_FOLDER), join(scratchDir, LOGOS_FOLDER), { recursive: true });
    translationsDir = mkdtempSync(join(tmpdir(), 'atrium-translations-'));
    writeFileSync(join(translationsDir, 'en.json'), JSON.stringify({ 'nav.home': 'Home', 'nav.games': 'Games' }));
    writeFileSync(join(translationsDir, 'fi.json'), JSON.stringify({ 'nav.home': 'Etusivu' }));
    scratch = await createPlatform({ brandsDir: FIXTURE_BRANDS, contentDir: scratchDir, translationsDir, db: app.platform.db, demoPlayers: 'keep' });
    await scratch.listen(0);
  });
  afterAll(async () => {
    await scratch?.close();
    await app?.close();
    rmSync(scratchDir, { recursive: true, force: true });
    rmSync(translationsDir, { recursive: true, force: true });
  });

  describe('layout', () => {
    it('serves the brand layout with every block type, texts in the locale', async () => {
      const { data, errors } = await app.gql(LAYOUT, { cc: 'FI', locale: 'fi' });
      expect(errors).toBeUndefined();
      expect(data.layout).toMatchObject({ countryCode: 'FI', locale: 'fi', source: 'aurelia/layout.json' });
      const blocks = data.layout.blocks as Block[];
      expect(new Set(blocks.map((block) => block.type))).toEqual(new Set(BLOCK_TYPES));
      const hero = blocks.find((block) => block.id === 'hero');
      expect(hero?.props).toMatchObject({ title: 'Tervetuloa Aureliaan', href: '/promotions/', image: { desktop: '/media/banners/aurora.webp' } });
      expect(hero?.props).not.toHaveProperty('id');
    });

    it('falls back through the language to English', async () => {
      const austrian = await app.gql(LAYOUT, { cc: 'AT', locale: 'de_AT' });
      expect((austrian.data.layout.blocks as Block[])[0]?.props.title).toBe('Willkommen bei Aurelia');
      const japanese = await app.gql(LAYOUT, { cc: 'JP' }, { 'x-locale': 'ja' });
      expect(japanese.data.layout.locale).toBe('ja');
      expect((japanese.data.layout.blocks as Block[])[0]?.props.title).toBe('Welcome to Aurelia');
    });

    it('serves a country variant when one exists', async () => {
      const sweden = await app.gql(LAYOUT, { cc: 'se' });
      expect(sweden.data.layout).toMatchObject({ countryCode: 'SE', source: 'aurelia/layout.SE.json' });
      expect((sweden.data.layout.blocks as Block[]).map((block) => block.id).slice(0, 2)).toEqual(['hero', 'spelpaus']);
      const finland = await app.gql(LAYOUT, { cc: 'FI' });
      expect(finland.data.layout.source).toBe('aurelia/layout.json');
    });

    it('expands game banners and game rails', async () => {
      const blocks = (await app.gql(LAYOUT, { cc: 'FI' })).data.layout.blocks as Block[];
      const banner = blocks.find((block) => block.type === 'BANNER_GAME');
      expect(banner?.props.game).toMatchObject({ slug: expect.any(String), name: expect.any(String), href: `/games/${banner?.props.game.slug}/` });
      expect(banner?.props.game.imageUrl).toBe(`/media/games/${banner?.props.game.slug}.webp`);
      const rail = blocks.find((block) => block.type === 'TOP_GAMES');
      expect(rail?.props).toMatchObject({ listOfGamesSlug: 'hot-games', variant: 'default', href: '/game-list/hot-games/' });
    });

    it('leaves out blocks needing a feature the brand lacks', async () => {
      const blocks = (await app.gql(LAYOUT, { cc: 'CA' }, { 'x-brand': 'mapleridge' })).data.layout.blocks as Block[];
      expect(blocks.some((block) => block.type === 'TOP_SPORTS')).toBe(false);
      expect(blocks.length).toBeGreaterThan(5);
    });

    it('rejects a bad country code and an unknown brand', async () => {
      expect((await app.gql(LAYOUT, { cc: 'Finland' })).errors?.[0]?.extensions.reason).toBe('BadUserInput');
      expect((await app.gql(LAYOUT, { cc: 'FI' }, { 'x-brand': 'nope' })).errors?.[0]?.extensions.reason).toBe('UnknownBrand');
    });

    it('keeps serving the last good layout after a broken save, naming file, block and field, until it is fixed', async () => {
      const PROBLEMS = 'query ($cc: String!) { layout(countryCode: $cc) { blocks { id } problems { file message } } }';
      const file = join(scratchDir, 'aurelia', 'layout.json');
      const original = readFileSync(file, 'utf8');
      const layout = JSON.parse(original) as { blocks: Record<string, unknown>[] };
      const good = await scratchGql(PROBLEMS, { cc: 'FI' });
      const goodIds = good.data.layout.blocks.map((block: { id: string }) => block.id);
      const servedWhileBroken = async (content: string, message: RegExp) => {
        save(file, content);
        const answer = await scratchGql(PROBLEMS, { cc: 'FI' });
        expect(answer.errors).toBeUndefined();
        expect(answer.data.layout.blocks.map((block: { id: string }) => block.id)).toEqual(goodIds);
        expect(answer.data.layout.problems).toHaveLength(1);
        expect(answer.data.layout.problems[0].file).toMatch(/aurelia\/layout\.json$/);
        expect(answer.data.layout.problems[0].message).toMatch(message);
      };
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const broken = structuredClone(layout);
        delete (broken.blocks[0] as { image: { desktop?: string } }).image.desktop;
        await servedWhileBroken(JSON.stringify(broken), /aurelia\/layout\.json: block "hero" \(BANNER_MANUAL\): field "image\.desktop": is required/);

        const unknownType = structuredClone(layout);
        (unknownType.blocks[1] as { type: string }).type = 'CAROUSEL';
        await servedWhileBroken(JSON.stringify(unknownType), /block "hot-games": field "type": one of BANNER_EXTERNAL_LINK/);

        const missingGame = structuredClone(layout);
        (missingGame.blocks.find((block) => block.type === 'BANNER_GAME') as { game: string }).game = 'no-such-game';
        await servedWhileBroken(JSON.stringify(missingGame), /field "game": no game has the slug "no-such-game"/);

        // A promotion card must go somewhere: its own link or a promotion's bonus action.
        const nowhere = structuredClone(layout);
        const cards = (nowhere.blocks.find((block) => block.type === 'PROMOTION_V2') as { cards: Record<string, unknown>[] }).cards;
        delete cards[0]!.href;
        delete cards[0]!.promotion;
        await servedWhileBroken(JSON.stringify(nowhere), /block "more-ways-to-win" \(PROMOTION_V2\): field "cards\.0\.href": a card links somewhere: give it an href .* or a promotion/);

        const misspelt = structuredClone(layout);
        (misspelt.blocks[0] as Record<string, unknown>).tilte = { en: 'x' };
        await servedWhileBroken(JSON.stringify(misspelt), /block "hero".*tilte/);

        await servedWhileBroken('{ "blocks": [', /aurelia\/layout\.json is not valid JSON/);
        expect(warn).toHaveBeenCalledWith(expect.stringContaining('still serving the last good version'));
      } finally {
        save(file, original);
        warn.mockRestore();
      }
      const fixed = await scratchGql(PROBLEMS, { cc: 'FI' });
      expect(fixed.errors).toBeUndefined();
      expect(fixed.data.layout.problems).toEqual([]);
    });

    it('changes contentVersion with every save of a content file, and only then', async () => {
      const VERSION = '{ contentVersion }';
      const file = join(scratchDir, 'aurelia', 'menu.json');
      const original = readFileSync(file, 'utf8');
      const first = (await scratchGql(VERSION)).data.contentVersion as string;
      expect(first).toMatch(/^[\w-]{16}$/);
      expect((await scratchGql(VERSION)).data.contentVersion).toBe(first);
      try {
        save(file, original);
        const saved = (await scratchGql(VERSION)).data.contentVersion as string;
        expect(saved).not.toBe(first);
        // A new country variant is a change too.
        writeFileSync(join(scratchDir, 'aurelia', 'layout.NO.json'), readFileSync(join(scratchDir, 'aurelia', 'layout.json')));
        expect((await scratchGql(VERSION)).data.contentVersion).not.toBe(saved);
      } finally {
        rmSync(join(scratchDir, 'aurelia', 'layout.NO.json'), { force: true });
        save(file, original);
      }
    });

    it('reports a broken file that never had a good version as an error', async () => {
      const file = join(scratchDir, 'aurelia', 'layout.DE.json');
      save(file, '{ "blocks": [ { "id": "x", "type": "NOPE" } ] }');
      try {
        const answer = await scratchGql(LAYOUT, { cc: 'DE' });
        expect(answer.errors?.[0]?.extensions.reason).toBe('InvalidContent');
        expect(answer.errors?.[0]?.message).toMatch(/layout\.DE\.json: block "x": field "type"/);
      } finally {
        rmSync(file);
      }
    });

    it('logs when a broken file is mended, and dates a problem from when it began, not when it was last seen', async () => {
      const store = createContentStore(scratchDir, createCatalogueRepository(app.platform.db));
      const file = join(scratchDir, 'aurelia', 'menu.json');
      const original = readFileSync(file, 'utf8');
      await store.menus('aurelia');
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        save(file, '{ "menus": ');
        await store.menus('aurelia');
        const [first] = await store.problems('aurelia');
        expect(first?.file).toMatch(/aurelia\/menu\.json$/);
        await new Promise((resolve) => setTimeout(resolve, 20));
        save(file, '{ "menus": { "lobbyMenu": 3 } }');
        await store.menus('aurelia');
        const [second] = await store.problems('aurelia');
        expect(second?.message).not.toBe(first?.message);
        expect(second?.since).toBe(first?.since);
        save(file, original);
        expect(await store.problems('aurelia')).toEqual([]);
        expect(log).toHaveBeenCalledWith(expect.stringMatching(/aurelia\/menu\.json is valid again: serving the fixed version/));
      } finally {
        save(file, original);
        warn.mockRestore();
        log.mockRestore();
      }
    });

    it('serves a brand without a content folder the starter lobby and menu, and says so', async () => {
      const store = createContentStore(scratchDir, createCatalogueRepository(app.platform.db));
      const layout = await store.layout('newbrand', 'FI');
      expect(layout.blocks.length).toBeGreaterThan(3);
      expect(layout.blocks[0]?.type).toBe('BANNER_MANUAL');
      expect(layout.blocks.filter((block) => block.type === 'TOP_GAMES').length).toBeGreaterThan(1);
      expect((await store.menus('newbrand')).lobbyMenu?.items.length).toBeGreaterThan(3);
      const [notice] = await store.problems('newbrand');
      expect(notice?.message).toMatch(/newbrand\/ does not exist: using the starter lobby/);
      expect(await store.problems('aurelia')).toEqual([]);
    });

    it('serves the operator’s banners from the brand’s banners.json, else the starter ones; a broken save names banner and field and keeps the last good version', async () => {
      const store = createContentStore(scratchDir, createCatalogueRepository(app.platform.db));
      expect((await store.banners('newbrand')).map((banner) => banner.type)).toEqual(['Content', 'InstantBankingJackpot']);
      expect((await store.banners('kororaa')).map((banner) => banner.type)).toEqual(['Content', 'InstantBankingJackpot']);
      const file = join(scratchDir, 'aurelia', 'banners.json');
      const original = readFileSync(file, 'utf8');
      const good = await store.banners('aurelia');
      expect(good.map((banner) => banner.type)).toEqual(['GermanyCloseDown', 'NovemberCampaign', 'Content', 'InstantBankingJackpot']);
      expect(good[0]).toMatchObject({ countries: ['DE'], link: { href: '/withdraw/' }, licences: null });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        save(file, JSON.stringify({ banners: [
          { id: 'outage', type: 'Maintenance', text: { en: 'Down tonight' }, countries: ['Germany'] },
          { id: 'weather', type: 'Weather', text: { en: 'Sunny' } },
          { id: 'late', type: 'Maintenance', text: { en: 'Never' }, from: '2026-12-01T00:00:00Z', until: '2026-11-01T00:00:00Z' },
          { id: 'away', type: 'Content', text: { en: 'Elsewhere' }, link: { href: 'http://example.com/', label: { en: 'Go' } } },
        ] }));
        expect(await store.banners('aurelia')).toEqual(good);
        const problem = (await store.problems('aurelia')).find((each) => each.file.endsWith('aurelia/banners.json'));
        expect(problem?.message).toContain('banner "outage": field "countries.0": a two-letter country code in capitals, such as "DE"');
        expect(problem?.message).toContain('banner "weather": field "type": one of GermanyCloseDown, NovemberCampaign, Maintenance, Content, InstantBankingJackpot');
        expect(problem?.message).toContain('banner "late": field "until": 2026-11-01T00:00:00Z is not after "from" 2026-12-01T00:00:00Z');
        expect(problem?.message).toContain('banner "away": field "link.href": a lobby path such as "/withdraw/" or an https:// URL');
      } finally {
        save(file, original);
        warn.mockRestore();
      }
      expect(await store.problems('aurelia')).toEqual([]);
      // The platform serves a banner to its licences until it is over; the lobby checks country and start.
      const [until, licensed] = [{ ...good[0]!, until: '2026-01-01T00:00:00Z' }, { ...good[0]!, licences: ['anj' as const] }];
      expect(servedBanners([good[0]!, until, licensed], 'mga', new Date('2026-06-01T00:00:00Z'))).toEqual([good[0]]);
      expect(servedBanners([licensed], 'anj', new Date('2026-06-01T00:00:00Z'))).toEqual([licensed]);
    });

    it('a broken first save of banners.json or more-casinos.json serves the fallback and is listed on the status page until fixed', async () => {
      // A fresh store has no good version of either file to fall back to.
      const store = createContentStore(scratchDir, createCatalogueRepository(app.platform.db));
      const files = { banners: join(scratchDir, 'aurelia', 'banners.json'), casinos: join(scratchDir, 'aurelia', 'more-casinos.json') };
      const originals = { banners: readFileSync(files.banners, 'utf8'), casinos: readFileSync(files.casinos, 'utf8') };
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        save(files.banners, '{ "banners": [ { "id": "x", "type": "Weather" } ] }');
        save(files.casinos, '{ "casinos": ');
        expect((await store.banners('aurelia')).map((banner) => banner.type)).toEqual(['Content', 'InstantBankingJackpot']);
        expect(await store.moreCasinos('aurelia')).toEqual([]);
        const listed = await store.problems('aurelia');
        expect(listed.find((problem) => problem.file.endsWith('aurelia/banners.json'))?.message).toMatch(/banner "x": field "type"/);
        expect(listed.find((problem) => problem.file.endsWith('aurelia/more-casinos.json'))?.message).toMatch(/is not valid JSON/);
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/banners\.json.*serving the starter banners until it is fixed/));
        save(files.banners, originals.banners);
        save(files.casinos, originals.casinos);
        expect((await store.banners('aurelia'))[0]?.type).toBe('GermanyCloseDown');
        expect(await store.problems('aurelia')).toEqual([]);
        expect(log).toHaveBeenCalledWith(expect.stringMatching(/aurelia\/banners\.json is valid again/));
      } finally {
        save(files.banners, originals.banners);
        save(files.casinos, originals.casinos);
        warn.mockRestore();
        log.mockRestore();
      }
    });

    it('keeps every brand’s content valid, with every block type and a lobby menu', async () => {
      const store = createContentStore(CONTENT_DIR, createCatalogueRepository(app.platform.db));
      // Folders starting with "_" are shared (the logo library), not brands.
      expect(readdirSync(CONTENT_DIR).filter((name) => !name.startsWith('_')).sort()).toEqual(BRANDS);
      for (const brand of BRANDS) {
        const layout = await store.layout(brand, 'ZZ');
        expect(new Set(layout.blocks.map((block) => block.type)), brand).toEqual(new Set(BLOCK_TYPES));
        const menus = await store.menus(brand);
        expect(menus.lobbyMenu?.items.length, brand).toBeGreaterThan(5);
      }
      expect((await store.layout('aurelia', 'SE')).variantOf).toBe('SE');
    });
  });

  describe('more casinos', () => {
    const MORE = 'query ($locale: String) { moreCasinos(locale: $locale) { id name line url logo { url width height } } }';
    const PROBLEMS = '{ contentProblems { file message } }';
    interface Casino { id: string; name: string; line: string; url: string; logo: { url: string; width: number; height: number } }

    it('lists the sister casinos, the operator’s own brands first, lines in the locale and logos with their size', async () => {
      const { data, errors } = await app.gql(MORE, { locale: 'fi' });
      expect(errors).toBeUndefined();
      const casinos = data.moreCasinos as Casino[];
      // aurelia and nordvik share their operator (northstar-gaming).
      expect(casinos.map((casino) => casino.id)).toEqual(['nordvik', 'kororaa', 'mapleridge', 'solenne', 'vantor']);
      expect(casinos[0]).toEqual({
        id: 'nordvik',
        name: 'Nordvik',
        line: 'Pohjoismainen kasino nopeilla kotiutuksilla ja uusilla peleillä joka viikko.',
        url: 'https://nordvik.example.com/',
        logo: { url: '/media/logos/nordvik.svg', width: 240, height: 80 },
      });
      const english = (await app.gql(MORE, { locale: 'ja' })).data.moreCasinos as Casino[];
      expect(english[0]?.line).toBe('A Nordic casino with fast payouts and fresh games every week.');
      const canadian = (await app.gql(MORE, { locale: 'fr_CA' }, { 'x-brand': 'mapleridge' })).data.moreCasinos as Casino[];
      expect(canadian.find((casino) => casino.id === 'aurelia')?.line).toBe('Machines à sous classiques et tables en direct, avec une touche dorée.');
    });

    it('serves the library logos as SVG, re-read when an editor replaces one', async () => {
      const logo = await fetch(`${scratch.url()}/media/logos/vantor.svg`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(logo.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await logo.text()).toContain('<title>Vantor</title>');
      expect((await fetch(`${scratch.url()}/media/logos/no-such-casino.svg`)).status).toBe(404);
      const file = join(scratchDir, LOGOS_FOLDER, 'vantor.svg');
      const original = readFileSync(file, 'utf8');
      try {
        save(file, original.replace('<title>Vantor</title>', '<title>Vantor 2</title>'));
        expect(await (await fetch(`${scratch.url()}/media/logos/vantor.svg`)).text()).toContain('<title>Vantor 2</title>');
      } finally {
        save(file, original);
      }
    });

    it('keeps serving the last good list after a broken save, naming file, casino and field, until it is fixed', async () => {
      const file = join(scratchDir, 'aurelia', 'more-casinos.json');
      const original = readFileSync(file, 'utf8');
      const good = JSON.parse(original) as { casinos: Record<string, any>[] };
      const goodIds = ((await scratchGql(MORE)).data.moreCasinos as Casino[]).map((casino) => casino.id);
      expect(goodIds).toHaveLength(5);
      const servedWhileBroken = async (content: string, message: RegExp) => {
        save(file, content);
        const answer = await scratchGql(MORE);
        expect(answer.errors).toBeUndefined();
        expect((answer.data.moreCasinos as Casino[]).map((casino) => casino.id)).toEqual(goodIds);
        // The editors' status page (contentProblems) names the problem without anyone opening the page.
        const problems = (await scratchGql(PROBLEMS)).data.contentProblems as { file: string; message: string }[];
        expect(problems).toHaveLength(1);
        expect(problems[0]?.file).toMatch(/aurelia\/more-casinos\.json$/);
        expect(problems[0]?.message).toMatch(message);
      };
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const insecure = structuredClone(good);
        insecure.casinos[1]!.url = 'http://kororaa.example.com/';
        await servedWhileBroken(JSON.stringify(insecure), /more-casinos\.json: casino "kororaa": field "url": an absolute https:\/\/ URL/);

        const missingLogo = structuredClone(good);
        missingLogo.casinos[0]!.logo = { src: '/media/logos/no-such-casino.svg' };
        await servedWhileBroken(JSON.stringify(missingLogo), /casino "nordvik": field "logo\.src": no logo file content\/_logos\/no-such-casino\.svg/);

        const unsized = structuredClone(good);
        unsized.casinos[0]!.logo = { src: 'https://cdn.example.com/nordvik.png' };
        await servedWhileBroken(JSON.stringify(unsized), /casino "nordvik": field "logo": give width and height/);

        const noEnglish = structuredClone(good);
        delete noEnglish.casinos[2]!.line.en;
        await servedWhileBroken(JSON.stringify(noEnglish), /casino "mapleridge": field "line\.en": is required/);

        const twice = structuredClone(good);
        twice.casinos[1]!.id = 'nordvik';
        await servedWhileBroken(JSON.stringify(twice), /casino "nordvik": id is used by an earlier casino/);

        const misspelt = structuredClone(good);
        misspelt.casinos[0]!.nmae = 'x';
        await servedWhileBroken(JSON.stringify(misspelt), /casino "nordvik".*nmae/);

        await servedWhileBroken('{ "casinos": [', /more-casinos\.json is not valid JSON/);

        // A good edit goes live: an https logo with its size, and one casino fewer.
        const edited = structuredClone(good);
        edited.casinos = edited.casinos.slice(0, 2);
        edited.casinos[1]!.logo = { src: 'https://cdn.example.com/kororaa.png', width: 300, height: 100 };
        save(file, JSON.stringify(edited));
        const live = (await scratchGql(MORE)).data.moreCasinos as Casino[];
        expect(live.map((casino) => casino.id)).toEqual(['nordvik', 'kororaa']);
        expect(live[1]?.logo).toEqual({ url: 'https://cdn.example.com/kororaa.png', width: 300, height: 100 });
      } finally {
        save(file, original);
        warn.mockRestore();
      }
      expect((await scratchGql(PROBLEMS)).data.contentProblems).toEqual([]);
    });

    it('answers an empty list for a brand without more-casinos.json', async () => {
      const file = join(scratchDir, 'aurelia', 'more-casinos.json');
      const original = readFileSync(file, 'utf8');
      rmSync(file);
      try {
        const answer = await scratchGql(MORE);
        expect(answer.errors).toBeUndefined();
        expect(answer.data.moreCasinos).toEqual([]);
      } finally {
        save(file, original);
      }
    });

    it('keeps every brand’s sister casinos valid: every other demo brand, with a line in each of the brand’s locales', async () => {
      const store = createContentStore(CONTENT_DIR, createCatalogueRepository(app.platform.db));
      for (const brand of BRANDS) {
        const casinos = await store.moreCasinos(brand);
        expect(casinos.map((casino) => casino.id).sort(), brand).toEqual(BRANDS.filter((other) => other !== brand));
        const locales = (JSON.parse(readFileSync(join(CONTENT_DIR, '..', 'brands', brand, 'brand.json'), 'utf8')) as { locales: { locale: string }[] }).locales
          .map((entry) => entry.locale)
          .filter((locale) => !locale.startsWith('en'));
        for (const casino of casinos) {
          expect(casino.url, `${brand}: ${casino.id}`).toMatch(/^https:\/\//);
          for (const locale of locales) expect(Object.keys(casino.line), `${brand}: ${casino.id}`).toContain(locale);
        }
      }
    });

    it('reads a logo’s size from its width and height, else its viewBox', () => {
      expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32">')).toEqual({ width: 120, height: 32 });
      expect(svgSize("<svg viewBox='0 0 300 100.4'><rect/></svg>")).toEqual({ width: 300, height: 100 });
      expect(svgSize('<svg width="100%"><rect/></svg>')).toBeNull();
      expect(svgSize('not an svg')).toBeNull();
    });
  });

  describe('lobby menu', () => {
    it('localises labels and hides items behind missing features', async () => {
      const finnish = await app.gql(MENU, { locale: 'fi' });
      expect(finnish.data.lobbyMenu.key).toBe('lobbyMenu');
      const items = finnish.data.lobbyMenu.items as { id: string; label: string; href: string; icon: string }[];
      expect(items[0]).toEqual({ id: 'home', label: 'Etusivu', href: '/', icon: 'home' });
      expect(items.map((item) => item.href)).toEqual(
        expect.arrayContaining(['/', '/games/', '/game-list/live-casino/', '/game-list/slots/', '/promotions/', '/jackpot/', '/raffle/', '/sports/']),
      );
      const maple = await app.gql(MENU, { locale: 'fr_CA' }, { 'x-brand': 'mapleridge' });
      const mapleItems = maple.data.lobbyMenu.items as { id: string; label: string }[];
      expect(mapleItems.some((item) => item.id === 'sports')).toBe(false);
      expect(mapleItems.find((item) => item.id === 'games')?.label).toBe('Tous les jeux');
    });

    it('answers null for an unknown menu key', async () => {
      const response = await app.gql('{ lobbyMenu(menuKey: "footer") { key } }');
      expect(response.errors).toBeUndefined();
      expect(response.data.lobbyMenu).toBeNull();
    });
  });

  describe('translations', () => {
    const TRANSLATIONS = 'query ($locale: String!, $keys: [String!]!) { translations(locale: $locale, keys: $keys) }';

    it('returns the requested keys the locale has, and leaves out the rest', async () => {
      const english = await scratchGql(TRANSLATIONS, { locale: 'en', keys: ['nav.home', 'nav.games', 'nav.missing'] });
      expect(english.data.translations).toEqual({ 'nav.home': 'Home', 'nav.games': 'Games' });
      const finnish = await scratchGql(TRANSLATIONS, { locale: 'fi', keys: ['nav.home', 'nav.games'] });
      expect(finnish.data.translations).toEqual({ 'nav.home': 'Etusivu' });
      const untranslated = await scratchGql(TRANSLATIONS, { locale: 'ja', keys: ['nav.home'] });
      expect(untranslated.data.translations).toEqual({});
    });

    it('re-reads a file when it changes', async () => {
      const file = join(translationsDir, 'fi.json');
      await scratchGql(TRANSLATIONS, { locale: 'fi', keys: ['nav.games'] });
      save(file, JSON.stringify({ 'nav.home': 'Etusivu', 'nav.games': 'Pelit' }));
      const updated = await scratchGql(TRANSLATIONS, { locale: 'fi', keys: ['nav.games'] });
      expect(updated.data.translations).toEqual({ 'nav.games': 'Pelit' });
    });

    it('reports a broken file by name and an unknown locale', async () => {
      const file = join(translationsDir, 'de.json');
      save(file, '{ "nav.home": ');
      const broken = await scratchGql(TRANSLATIONS, { locale: 'de', keys: ['nav.home'] });
      expect(broken.errors?.[0]?.extensions.reason).toBe('InvalidContent');
      expect(broken.errors?.[0]?.message).toMatch(/de\.json is not valid JSON/);
      const unknown = await scratchGql(TRANSLATIONS, { locale: 'sv', keys: ['nav.home'] });
      expect(unknown.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    });
  });
});
