/**
 * The embedded CMS: reads `content/<brand>/layout.json` (plus `layout.<CC>.json` country variants),
 * `menu.json`, `more-casinos.json`, the operator's account banners (`banners.json`), the jackpot and gamification files (`jackpot.json`,
 * `loyalty.json`, `missions.json`, `tournaments.json`) and the legal documents (`legal/<document>.json`) on request, validates them, and caches each file until its mtime changes, so an
 * editor's save shows on the next page load with no restart. A broken save never takes the lobby
 * down: the last good version of that file keeps being served and the problem (file, block, field)
 * is reported, in the log once and through `problems()` until the file is fixed (and the log says when
 * it is mended). A brand with no content folder yet gets the starter lobby and menu
 * (platform/data/starter-content/), reported through `problems()` as "using the starter lobby"; a
 * brand without its own `banners.json` gets the starter banners (the player-state ones: a queued
 * message, instant banking off); a
 * brand that has not written a legal document gets the starter one (starter-content/legal/), filled
 * from its brand file and reported as "using the starter legal texts".
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { CatalogueRepository } from '../catalogue/repository.ts';
import { PlatformError } from '../graphql/errors.ts';
import { describeIssues, displayPath, friendlyErrors } from '../validation.ts';
import { blockFields, blockHeader, layoutFile, menuFile } from './blocks.ts';
import type { BlockType, MenuFile } from './blocks.ts';
import { checkSisterCasinos, moreCasinosFile, type SisterCasinoContent } from './more-casinos.ts';
import { BANNERS_FILE, bannersFile, checkOperatorBanners, type OperatorBannerContent } from './banners.ts';
import { JACKPOT_SETTINGS_FILE, jackpotSettingsFile, type JackpotSettingsContent } from '../jackpot/settings.ts';
import { checkRewardDefinitions, REWARDS_FILE, rewardsFile, type RewardDefinition } from '../rewards/definitions.ts';
import { PROMOTIONS_FILE, promotionsFile, type PromotionContent } from '../promotions/content.ts';
import { SHOP_FILE, shopFile, type ShopContent } from '../shop/content.ts';
import { CALENDAR_FILE, calendarFile, type CalendarContent } from '../calendar/content.ts';
import { CASHBACK_FILE, cashbackFile, type CashbackContent } from '../cashback/content.ts';
import {
  contentChecker, LOYALTY_FILE, loyaltyFile, MISSIONS_FILE, missionsFile, TOURNAMENTS_FILE, tournamentsFile, type GamificationContent,
} from '../gamification/content.ts';
import {
  fillLegal, LEGAL_DOCUMENTS, LEGAL_FOLDER, legalDocumentFile, legalValues, placeholderProblems, starterVersion,
  type LegalBrand, type LegalDocumentContent, type LegalDocumentKind, type LicenceNamer,
} from './legal.ts';

/** A validated block: envelope plus its type's fields (defaults applied). */
export interface ContentBlock {
  id: string;
  type: BlockType;
  /** The feature toggle the brand needs for this block to be served, if any. */
  requiresFeature: string | null;
  fields: Record<string, unknown>;
}

/** A validated layout and which file it came from. */
export interface LayoutContent {
  file: string;
  /** The country the file is a variant for, or null for the brand's base layout. */
  variantOf: string | null;
  blocks: ContentBlock[];
}

/** A content file whose latest save is broken while its last good version is served. */
export interface ContentProblem {
  /** The file, relative to the content folder's parent ("content/aurelia/layout.json"). */
  file: string;
  /** What is wrong: file, block and field. */
  message: string;
  /** When the broken save was first seen (ISO time). */
  since: string;
}

/** Reads, validates and caches content files. */
export interface ContentStore {
  /** Problems of a brand's content files whose last good version is being served instead (re-checked on each call). */
  problems(brandId: string): Promise<ContentProblem[]>;
  /** The layout for a brand and country: `layout.<CC>.json` when present, else `layout.json`. */
  layout(brandId: string, countryCode: string): Promise<LayoutContent>;
  /** The menus of a brand. */
  menus(brandId: string): Promise<MenuFile['menus']>;
  /** The sister casinos of a brand's more-casinos page; none when the brand has no more-casinos.json. */
  moreCasinos(brandId: string): Promise<SisterCasinoContent[]>;
  /** The operator's account banners of a brand: its `banners.json`, else the starter banners. */
  banners(brandId: string): Promise<OperatorBannerContent[]>;
  /**
   * The jackpot and raffle settings of a brand for a country: `jackpot.<CC>.json` when present, else
   * `jackpot.json`; null when the brand has neither (no jackpot, no raffles).
   */
  jackpot(brandId: string, countryCode: string | null): Promise<{ file: string; settings: JackpotSettingsContent } | null>;
  /** The reward definitions of a brand (`rewards.json`); none when the brand has no such file (or only a broken first save). */
  rewards(brandId: string): Promise<RewardDefinition[]>;
  /** The promotions of a brand (`promotions.json`); none when the brand has no such file (or only a broken first save). */
  promotions(brandId: string): Promise<PromotionContent[]>;
  /** The rewards shop of a brand (`shop.json`); null when the brand has none (or only a broken first save). */
  shop(brandId: string): Promise<ShopContent | null>;
  /** The countdown calendar of a brand (`calendar.json`); null when the brand has none (or only a broken first save). */
  calendar(brandId: string): Promise<CalendarContent | null>;
  /** The weekly cashback of a brand (`cashback.json`); null when the brand has none (or only a broken first save). */
  cashback(brandId: string): Promise<CashbackContent | null>;
  /** The gamification provider's content of a brand (loyalty.json, missions.json, tournaments.json); each null when absent. */
  gamification(brandId: string): Promise<GamificationContent>;
  /** A legal document of a brand as written (`legal/<document>.json`, placeholders unfilled); null when the brand has not written it. */
  legal(brandId: string, document: LegalDocumentKind): Promise<LegalDocumentContent | null>;
  /**
   * The legal document in force for a brand, placeholders filled from its brand file in every locale:
   * the brand's own, else the starter one (versioned per brand, see starterVersion). Null only when
   * the brand has none and the starter file is missing.
   */
  currentLegal(brand: LegalBrand, document: LegalDocumentKind): Promise<CurrentLegalDocument | null>;
  /** The legal documents the brand has not written (or whose first save is broken), which it serves the starter texts of. */
  starterLegal(brandId: string): Promise<LegalDocumentKind[]>;
  /**
   * A fingerprint of the brand's content files (names, sizes, modification times): it changes with
   * every save, broken or not, so a client caching rendered pages knows when to drop them.
   */
  version(brandId: string): Promise<string>;
  /**
   * Checks a document for a brand's file (an editor's draft) with exactly the checks the store applies
   * when it reads that file, without writing anything: the checked content, or the problems by field.
   */
  validate(brandId: string, path: string, json: unknown): Promise<ContentValidation>;
}

/** One problem of a checked document: the field (a dot path into the document, such as "blocks.0.image.desktop") and what is wrong. */
export interface ContentIssue {
  /** The field's path in the document; null when the problem is the whole file. */
  path: string | null;
  /** What is wrong, naming the block or entry and the field, as the store reports it. */
  message: string;
}

/** What validate found: the content as the store would serve it, or its problems. */
export type ContentValidation = { ok: true; value: unknown; issues: [] } | { ok: false; value: null; issues: ContentIssue[] };

/**
 * The files of a brand's folder an editor may write, by path inside it: the layout and its country
 * variants, the menu, the sister casinos, the account banners, the jackpot settings (and variants),
 * the rewards, promotions, shop, calendar, cashback and gamification files, and the legal documents.
 */
export const EDITABLE_DOCUMENT = /^(?:layout(?:\.[A-Z]{2})?|jackpot(?:\.[A-Z]{2})?|menu|more-casinos|banners|rewards|promotions|shop|calendar|cashback|loyalty|missions|tournaments|legal\/(?:terms-and-conditions|privacy-policy|bonus-terms-and-conditions))\.json$/;

/** Whether path names a document editors may write (EDITABLE_DOCUMENT). */
export function isEditableDocument(path: string): boolean {
  return EDITABLE_DOCUMENT.test(path);
}

/** The labels the store's checkers start a problem with, mapped to the list they index in the document. */
const ENTRY_LABELS: Record<string, string> = { block: 'blocks', banner: 'banners', casino: 'casinos' };

/**
 * Splits a checker's message (`<file>: <problem>; <problem>`) into problems with their field paths:
 * `block "hero" (BANNER_MANUAL): field "image.desktop": …` becomes blocks.<index of hero>.image.desktop.
 */
export function contentIssues(message: string, shown: string, json: unknown): ContentIssue[] {
  const body = message.startsWith(`${shown}: `) ? message.slice(shown.length + 2) : message;
  const starts = /^(?:field "|file:|block |banner |casino |rewards\[)/;
  const parts: string[] = [];
  for (const part of body.split('; ')) {
    if (parts.length > 0 && !starts.test(part)) parts[parts.length - 1] += `; ${part}`;
    else parts.push(part);
  }
  return parts.map((part) => {
    let prefix: string[] = [];
    const entry = /^(block|banner|casino) (?:"([^"]*)"|#(\d+))/.exec(part);
    const reward = /^rewards\[(\d+)\]/.exec(part);
    if (entry) {
      const list = ENTRY_LABELS[entry[1] as string] as string;
      const items = (json as Record<string, unknown> | null)?.[list];
      const index = entry[3] !== undefined ? Number(entry[3]) - 1 : Array.isArray(items) ? items.findIndex((item) => (item as { id?: unknown } | null)?.id === entry[2]) : -1;
      prefix = index >= 0 ? [list, String(index)] : [list];
    } else if (reward) {
      prefix = ['rewards', reward[1] as string];
    }
    const field = /field "([^"]+)"/.exec(part)?.[1];
    const path = [...prefix, ...(field ? [field] : [])].join('.');
    return { path: path || null, message: part };
  });
}

/** A legal document as served: filled, and whether it is the starter text. */
export type CurrentLegalDocument = LegalDocumentContent & { starter: boolean };

/** The starter lobby and menu, served to a brand with no content folder (a new brand is never empty). */
export const STARTER_CONTENT_DIR = fileURLToPath(new URL('../../data/starter-content/', import.meta.url));

/** How many content files stay parsed in memory (every brand's layouts, menu, sister casinos and legal documents fit). */
const CONTENT_FILES_CACHED = 2000;

/** What the status page and the log say of a brand on starter legal texts, naming the files to write. */
export function starterLegalNotice(legalFolder: string, brandId: string, documents: readonly LegalDocumentKind[]): string {
  return `${legalFolder}/ has no ${documents.map((document) => `${document}.json`).join(', ')}: using the starter legal texts ` +
    `(filled from brands/${brandId}/brand.json: its title, operatorName, licence and minimumAge); ` +
    `write the brand's own in ${legalFolder}/ before it takes real players (README "Editing lobby content")`;
}

/** Where the store finds the starter content and the licences' names. */
export interface ContentStoreOptions {
  /** The starter lobby, menu and legal documents (default platform/data/starter-content/). */
  starterDir?: string;
  /** The licence's authority in a locale, for {licence} (the platform's translations); without it, the licence code. */
  licenceName?: LicenceNamer;
}

/** Creates a store over dir that checks references against the catalogue. */
export function createContentStore(dir: string, catalogue: CatalogueRepository, options: ContentStoreOptions = {}): ContentStore {
  const starterDir = options.starterDir ?? STARTER_CONTENT_DIR;
  const licenceName = options.licenceName ?? (async () => null);
  /** When each brand without a content folder was first served the starter lobby. */
  const starterSince = new Map<string, string>();
  /** When each brand missing a legal document was first seen on the starter legal texts. */
  const starterLegalSince = new Map<string, string>();
  /** Whether the brand has no content folder and so gets the starter lobby and menu. */
  async function usesStarter(brandId: string): Promise<boolean> {
    const has = await stat(join(dir, brandId)).then((info) => info.isDirectory(), () => false);
    if (has) starterSince.delete(brandId);
    else if (!starterSince.has(brandId)) starterSince.set(brandId, new Date().toISOString());
    return !has;
  }
  // Keyed by file: a brand's layouts, menu, sister casinos and legal documents; bounded all the same.
  const cache = new LRUCache<string, { mtimeMs: number; size: number; value: unknown }>({ max: CONTENT_FILES_CACHED });
  const problems = new Map<string, ContentProblem & { brandId: string; mtimeMs: number; recheck: () => Promise<unknown> }>();

  /** Reads a JSON file through the cache, validating it with check on (re)load; null when absent. */
  async function cached<T>(file: string, check: (json: unknown, shown: string) => Promise<T>): Promise<T | null> {
    let info;
    try {
      info = await stat(file);
    } catch {
      cache.delete(file);
      problems.delete(file);
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.value as T;
    const known = problems.get(file);
    if (hit && known && known.mtimeMs === info.mtimeMs) return hit.value as T;
    const shown = displayPath(file);
    let value: T;
    try {
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new PlatformError('InvalidContent', `${shown} is not valid JSON: ${(error as Error).message}`, { file: shown });
      }
      value = await check(json, shown);
    } catch (error) {
      // With nothing good to fall back to the error stands; otherwise keep serving the last good version.
      if (!hit || !(error instanceof PlatformError)) {
        problems.delete(file);
        throw error;
      }
      if (known?.message !== error.message) {
        console.warn(`[platform] ${error.message} — still serving the last good version of ${shown}`);
      }
      problems.set(file, {
        brandId: relative(dir, file).split(/[\\/]/)[0] ?? '',
        file: shown,
        message: error.message,
        since: known?.since ?? new Date().toISOString(),
        mtimeMs: info.mtimeMs,
        recheck: () => cached(file, check),
      });
      return hit.value as T;
    }
    if (problems.delete(file)) console.log(`[platform] ${shown} is valid again: serving the fixed version`);
    cache.set(file, { mtimeMs: info.mtimeMs, size: info.size, value });
    return value;
  }

  /** A first save that is broken (no good version to fall back to), by file: the status page lists it while a fallback serves. */
  const brokenSince = new Map<string, { message: string; since: string }>();

  /**
   * Reads a file that has a fallback (a starter text, the starter banners, an empty list): a broken
   * first save gives null and is noted for the log and the status page instead of failing the page.
   */
  async function firstSaveOrNull<T>(file: string, read: () => Promise<T | null>, fallback: string): Promise<T | null> {
    const shown = displayPath(file);
    try {
      const value = await read();
      if (brokenSince.delete(shown) && value !== null) console.log(`[platform] ${shown} is valid again: serving the fixed version`);
      return value;
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const known = brokenSince.get(shown);
      if (known?.message !== error.message) console.warn(`[platform] ${error.message} — ${fallback} until it is fixed`);
      brokenSince.set(shown, { message: error.message, since: known?.since ?? new Date().toISOString() });
      return null;
    }
  }

  async function checkLayout(json: unknown, shown: string): Promise<ContentBlock[]> {
    const envelope = layoutFile.safeParse(json, friendlyErrors);
    if (!envelope.success) {
      throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(envelope.error.issues).join('; ')}`, { file: shown });
    }
    const problems: string[] = [];
    const blocks: ContentBlock[] = [];
    const ids = new Set<string>();
    envelope.data.blocks.forEach((raw, index) => {
      const header = blockHeader.safeParse(raw, friendlyErrors);
      const label = typeof raw.id === 'string' ? `block "${raw.id}"` : `block #${index + 1}`;
      if (!header.success) {
        problems.push(...describeIssues(header.error.issues).map((problem) => `${label}: ${problem}`));
        return;
      }
      const { id, type, requiresFeature } = header.data;
      if (ids.has(id)) problems.push(`${label}: id is used by an earlier block; give each block its own id`);
      ids.add(id);
      const { id: _id, type: _type, requiresFeature: _feature, ...rest } = raw;
      const fields = blockFields[type].safeParse(rest, friendlyErrors);
      if (!fields.success) {
        problems.push(...describeIssues(fields.error.issues).map((problem) => `${label} (${type}): ${problem}`));
        return;
      }
      blocks.push({ id, type, requiresFeature: requiresFeature ?? null, fields: fields.data as Record<string, unknown> });
    });

    // References into the catalogue: a banner for a removed game is an error, not an empty tile.
    const gameSlugs = blocks.filter((block) => block.type === 'BANNER_GAME').map((block) => String(block.fields.game));
    const listSlugs = blocks.filter((block) => block.type === 'TOP_GAMES').map((block) => String(block.fields.listOfGamesSlug));
    const [games, lists] = await Promise.all([
      catalogue.existingGameSlugs(gameSlugs),
      listSlugs.length ? catalogue.lists() : Promise.resolve([]),
    ]);
    const listNames = new Set(lists.map((list) => list.slug));
    for (const block of blocks) {
      if (block.type === 'BANNER_GAME' && !games.has(String(block.fields.game))) {
        problems.push(`block "${block.id}" (BANNER_GAME): field "game": no game has the slug "${String(block.fields.game)}"`);
      }
      if (block.type === 'TOP_GAMES' && !listNames.has(String(block.fields.listOfGamesSlug))) {
        problems.push(
          `block "${block.id}" (TOP_GAMES): field "listOfGamesSlug": no game list "${String(block.fields.listOfGamesSlug)}"; ` +
            `use one of ${[...listNames].join(', ')}`,
        );
      }
    }
    if (problems.length > 0) {
      throw new PlatformError('InvalidContent', `${shown}: ${problems.join('; ')}`, { file: shown });
    }
    return blocks;
  }

  async function checkMenu(json: unknown, shown: string): Promise<MenuFile['menus']> {
    const parsed = menuFile.safeParse(json, friendlyErrors);
    if (!parsed.success) {
      throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(parsed.error.issues).join('; ')}`, { file: shown });
    }
    return parsed.data.menus;
  }

  async function checkMoreCasinos(json: unknown, shown: string): Promise<SisterCasinoContent[]> {
    const parsed = moreCasinosFile.safeParse(json, friendlyErrors);
    if (!parsed.success) {
      throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(parsed.error.issues).join('; ')}`, { file: shown });
    }
    const { casinos, problems: found } = await checkSisterCasinos(parsed.data.casinos, dir);
    if (found.length > 0) throw new PlatformError('InvalidContent', `${shown}: ${found.join('; ')}`, { file: shown });
    return casinos;
  }

  async function checkBanners(json: unknown, shown: string): Promise<OperatorBannerContent[]> {
    const parsed = bannersFile.safeParse(json, friendlyErrors);
    if (!parsed.success) {
      throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(parsed.error.issues).join('; ')}`, { file: shown });
    }
    const { banners, problems: found } = checkOperatorBanners(parsed.data.banners);
    if (found.length > 0) throw new PlatformError('InvalidContent', `${shown}: ${found.join('; ')}`, { file: shown });
    return banners;
  }

  async function checkJackpot(json: unknown, shown: string): Promise<JackpotSettingsContent> {
    const parsed = jackpotSettingsFile.safeParse(json, friendlyErrors);
    if (!parsed.success) {
      throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(parsed.error.issues).join('; ')}`, { file: shown });
    }
    return parsed.data;
  }

  async function readJackpot(brandId: string, countryCode: string | null): Promise<{ file: string; settings: JackpotSettingsContent } | null> {
    const base = JACKPOT_SETTINGS_FILE.replace(/\.json$/, '');
    for (const name of [...(countryCode && /^[A-Z]{2}$/.test(countryCode) ? [`${base}.${countryCode}.json`] : []), JACKPOT_SETTINGS_FILE]) {
      const file = join(dir, brandId, name);
      const settings = await firstSaveOrNull(file, () => cached(file, checkJackpot), 'leaving it out (a country file falls back to jackpot.json; without one the jackpot and raffles are off)');
      if (settings) return { file: relative(dir, file), settings };
    }
    return null;
  }

  async function checkRewards(json: unknown, shown: string): Promise<RewardDefinition[]> {
    const parsed = rewardsFile.safeParse(json, friendlyErrors);
    if (!parsed.success) {
      throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(parsed.error.issues).join('; ')}`, { file: shown });
    }
    const found = await checkRewardDefinitions(parsed.data.rewards, async (slug) => (await catalogue.gameBySlug(slug)) !== null);
    if (found.length > 0) throw new PlatformError('InvalidContent', `${shown}: ${found.join('; ')}`, { file: shown });
    return parsed.data.rewards;
  }

  async function readRewards(brandId: string): Promise<RewardDefinition[]> {
    const file = join(dir, brandId, REWARDS_FILE);
    return (await firstSaveOrNull(file, () => cached(file, checkRewards), 'offering no rewards from it')) ?? [];
  }

  const checkPromotions = contentChecker(promotionsFile);
  async function readPromotions(brandId: string): Promise<PromotionContent[]> {
    const file = join(dir, brandId, PROMOTIONS_FILE);
    return (await firstSaveOrNull(file, () => cached(file, checkPromotions), 'offering no promotions from it'))?.promotions ?? [];
  }

  const checkShop = contentChecker(shopFile);
  async function readShop(brandId: string): Promise<ShopContent | null> {
    const file = join(dir, brandId, SHOP_FILE);
    return firstSaveOrNull(file, () => cached(file, checkShop), 'the shop is closed until it is fixed');
  }

  const checkCalendar = contentChecker(calendarFile);
  async function readCalendar(brandId: string): Promise<CalendarContent | null> {
    const file = join(dir, brandId, CALENDAR_FILE);
    return firstSaveOrNull(file, () => cached(file, checkCalendar), 'the calendar is closed until it is fixed');
  }

  const checkCashback = contentChecker(cashbackFile);
  async function readCashback(brandId: string): Promise<CashbackContent | null> {
    const file = join(dir, brandId, CASHBACK_FILE);
    return firstSaveOrNull(file, () => cached(file, checkCashback), 'no cashback is paid until it is fixed');
  }

  const checkLoyalty = contentChecker(loyaltyFile);
  const checkMissions = contentChecker(missionsFile);
  const checkTournaments = contentChecker(tournamentsFile);
  async function readGamification(brandId: string): Promise<GamificationContent> {
    const file = (name: string) => join(dir, brandId, name);
    const off = 'leaving it out until it is fixed';
    const [loyalty, missions, tournaments] = await Promise.all([
      firstSaveOrNull(file(LOYALTY_FILE), () => cached(file(LOYALTY_FILE), checkLoyalty), `${off} (the brand's gamification is off)`),
      firstSaveOrNull(file(MISSIONS_FILE), () => cached(file(MISSIONS_FILE), checkMissions), `${off} (no missions)`),
      firstSaveOrNull(file(TOURNAMENTS_FILE), () => cached(file(TOURNAMENTS_FILE), checkTournaments), `${off} (no tournaments)`),
    ]);
    return { loyalty, missions, tournaments };
  }

  async function checkLegal(json: unknown, shown: string): Promise<LegalDocumentContent> {
    const parsed = legalDocumentFile.safeParse(json, friendlyErrors);
    if (!parsed.success) {
      throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(parsed.error.issues).join('; ')}`, { file: shown });
    }
    const { title, body } = parsed.data;
    const missing = Object.keys(body).filter((locale) => title[locale] === undefined);
    if (missing.length > 0) {
      throw new PlatformError('InvalidContent', `${shown}: field "title": the body has ${missing.join(', ')} but the title does not: give each body locale its title`, { file: shown });
    }
    const unknown = placeholderProblems(parsed.data);
    if (unknown.length > 0) throw new PlatformError('InvalidContent', `${shown}: ${unknown.join('; ')}`, { file: shown });
    return parsed.data;
  }
  const readLegal = (brandId: string, document: LegalDocumentKind) => cached(join(dir, brandId, LEGAL_FOLDER, `${document}.json`), checkLegal);
  const readStarterLegal = (document: LegalDocumentKind) => cached(join(starterDir, LEGAL_FOLDER, `${document}.json`), checkLegal);
  /** The brand's own document, or null when it has none or its first save is broken (then noted for the status page). */
  const ownLegal = (brandId: string, document: LegalDocumentKind): Promise<LegalDocumentContent | null> =>
    firstSaveOrNull(join(dir, brandId, LEGAL_FOLDER, `${document}.json`), () => readLegal(brandId, document), 'serving the starter text');

  async function readBanners(brandId: string): Promise<OperatorBannerContent[]> {
    const file = join(dir, brandId, BANNERS_FILE);
    const own = (await usesStarter(brandId)) ? null : await firstSaveOrNull(file, () => cached(file, checkBanners), 'serving the starter banners');
    return own ?? (await cached(join(starterDir, BANNERS_FILE), checkBanners)) ?? [];
  }

  async function readMoreCasinos(brandId: string): Promise<SisterCasinoContent[]> {
    const file = join(dir, brandId, 'more-casinos.json');
    return (await firstSaveOrNull(file, () => cached(file, checkMoreCasinos), 'serving no sister casinos')) ?? [];
  }

  /** The checker the store applies to a file of a brand's folder, by its path there. */
  function checkerFor(path: string): ((json: unknown, shown: string) => Promise<unknown>) | null {
    if (!isEditableDocument(path)) return null;
    if (/^layout(?:\.[A-Z]{2})?\.json$/.test(path)) return checkLayout;
    if (/^jackpot(?:\.[A-Z]{2})?\.json$/.test(path)) return checkJackpot;
    if (path.startsWith(`${LEGAL_FOLDER}/`)) return checkLegal;
    const byFile: Record<string, (json: unknown, shown: string) => Promise<unknown>> = {
      'menu.json': checkMenu,
      'more-casinos.json': checkMoreCasinos,
      [BANNERS_FILE]: checkBanners,
      [REWARDS_FILE]: checkRewards,
      [PROMOTIONS_FILE]: checkPromotions,
      [SHOP_FILE]: checkShop,
      [CALENDAR_FILE]: checkCalendar,
      [CASHBACK_FILE]: checkCashback,
      [LOYALTY_FILE]: checkLoyalty,
      [MISSIONS_FILE]: checkMissions,
      [TOURNAMENTS_FILE]: checkTournaments,
    };
    return byFile[path] ?? null;
  }

  return {
    async validate(brandId, path, json) {
      const check = checkerFor(path);
      if (!check) throw new PlatformError('BadUserInput', `"${path}" is not a content file editors write: use layout.json, layout.<CC>.json, menu.json, banners.json, legal/<document>.json or another file of platform/README.md "Content"`, { field: 'path' });
      const shown = displayPath(join(dir, brandId, path));
      try {
        return { ok: true, value: await check(json, shown), issues: [] };
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        return { ok: false, value: null, issues: contentIssues(error.message, shown, json) };
      }
    },
    async problems(brandId) {
      // The more-casinos and legal pages are seldom visited: read their files here too, so a broken save of it shows
      // on the editors' status page without waiting for a visitor.
      await readMoreCasinos(brandId).catch(() => undefined);
      await readBanners(brandId).catch(() => undefined);
      await readJackpot(brandId, null).catch(() => undefined);
      await readGamification(brandId).catch(() => undefined);
      const own = await Promise.all(LEGAL_DOCUMENTS.map(async (document) => ({ document, content: await ownLegal(brandId, document) })));
      // A fixed file clears its problem only when read again, so read the troubled files now.
      const mine = () => [...problems.values()].filter((problem) => problem.brandId === brandId);
      await Promise.all(mine().map((problem) => problem.recheck().catch(() => undefined)));
      const found = mine().map(({ file, message, since }) => ({ file, message, since }));
      const legalFolder = displayPath(join(dir, brandId, LEGAL_FOLDER));
      const brandFolder = displayPath(join(dir, brandId));
      for (const [file, broken] of brokenSince) if (file.startsWith(`${brandFolder}/`)) found.push({ file, message: broken.message, since: broken.since });
      const starterDocuments = own.filter((entry) => entry.content === null).map((entry) => entry.document);
      if (starterDocuments.length > 0) {
        if (!starterLegalSince.has(brandId)) starterLegalSince.set(brandId, new Date().toISOString());
        found.unshift({ file: `${legalFolder}/`, message: starterLegalNotice(legalFolder, brandId, starterDocuments), since: starterLegalSince.get(brandId) ?? new Date().toISOString() });
      } else {
        starterLegalSince.delete(brandId);
      }
      if (await usesStarter(brandId)) {
        const folder = displayPath(join(dir, brandId));
        found.unshift({
          file: `${folder}/`,
          message: `${folder}/ does not exist: using the starter lobby (a hero banner and game rails) and the starter menu; ` +
            `create ${folder}/layout.json and menu.json to give the brand its own`,
          since: starterSince.get(brandId) ?? new Date().toISOString(),
        });
      }
      return found;
    },
    async layout(brandId, countryCode) {
      if (await usesStarter(brandId)) {
        const starterFile = join(starterDir, 'layout.json');
        const starter = await cached(starterFile, checkLayout);
        if (starter) return { file: relative(dir, starterFile), variantOf: null, blocks: starter };
      }
      const variantFile = join(dir, brandId, `layout.${countryCode}.json`);
      const variant = await cached(variantFile, checkLayout);
      if (variant) return { file: relative(dir, variantFile), variantOf: countryCode, blocks: variant };
      const baseFile = join(dir, brandId, 'layout.json');
      const base = await cached(baseFile, checkLayout);
      if (!base) {
        throw new PlatformError('NotFound', `Brand "${brandId}" has no layout: create ${displayPath(baseFile)}`);
      }
      return { file: relative(dir, baseFile), variantOf: null, blocks: base };
    },
    async menus(brandId) {
      if (await usesStarter(brandId)) return (await cached(join(starterDir, 'menu.json'), checkMenu)) ?? {};
      return (await cached(join(dir, brandId, 'menu.json'), checkMenu)) ?? {};
    },
    moreCasinos: readMoreCasinos,
    banners: readBanners,
    jackpot: readJackpot,
    rewards: readRewards,
    promotions: readPromotions,
    shop: readShop,
    calendar: readCalendar,
    cashback: readCashback,
    gamification: readGamification,
    legal: readLegal,
    async starterLegal(brandId) {
      const own = await Promise.all(LEGAL_DOCUMENTS.map(async (document) => ({ document, content: await ownLegal(brandId, document) })));
      return own.filter((entry) => entry.content === null).map((entry) => entry.document);
    },
    async currentLegal(brand, document) {
      const own = await ownLegal(brand.id, document);
      const starterFile = own ? null : await readStarterLegal(document);
      const content = own ?? (starterFile ? { ...starterFile, version: starterVersion(starterFile.version, brand) } : null);
      if (!content) return null;
      const values = await legalValues(brand, Object.keys(content.title), licenceName);
      return { ...fillLegal(content, values), starter: own === null };
    },
    async version(brandId) {
      // The brand's own files and its legal documents: a save of either shows on the next page load.
      const folders = [join(dir, brandId), join(dir, brandId, LEGAL_FOLDER)];
      const listed = await Promise.all(
        folders.map(async (folder) => (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort().map((name) => join(folder, name))),
      );
      const files = await Promise.all(
        listed.flat().map(async (file) => {
          const info = await stat(file).catch(() => null);
          return info ? `${relative(dir, file)}:${info.size}:${info.mtimeMs}` : '';
        }),
      );
      return createHash('sha256').update(files.join('\n')).digest('base64url').slice(0, 16);
    },
  };
}
