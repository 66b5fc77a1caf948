/**
 * Reads and validates every brand folder under `brands/` (or ATRIUM_BRANDS_DIR) with the schema the
 * platform validates them with too (shared/brand-schema.ts). At start-up the whole set is validated
 * before any of it is used: one broken file refuses start-up with a message naming the file, the
 * field and what to write instead, so a brand never runs half-configured. After that the
 * folder is watched: a new or changed brand goes live without a restart, and a broken edit is refused
 * (logged, and listed on /internal/content/) while the brand's last good version keeps serving.
 */
import { existsSync, readdirSync, readFileSync, statSync, watch as fsWatch } from 'node:fs';
import path from 'node:path';
import { FALLBACK_LOCALE, type Locale } from '../i18n/locales.ts';
import { describeBrandIssues } from '../../shared/brand-issues.ts';
import {
  BRAND_SCHEMA_DOC, brandSettingsSchema, THEME_SCHEMA_DOC, themeSettingsSchema, type BrandSettings, type ThemeSettings,
} from '../../shared/brand-schema.ts';

/** A brand ready to serve: its settings, theme and folder. */
export interface Brand {
  id: string;
  settings: BrandSettings;
  theme: ThemeSettings;
  /** Absolute path of the brand folder (assets are read from here). */
  dir: string;
  /** The locale of the brand's home: the one flagged isDefault, else en, else the first listed. */
  defaultLocale: Locale;
  locales: Locale[];
}

/** Every problem found in the brand folders, each naming its file and field. */
export class BrandConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Atrium cannot start: the brand configuration has ${problems.length} problem(s).\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix the files above and start again: every field of brand.json is described in ${BRAND_SCHEMA_DOC}, every field of theme.json in ${THEME_SCHEMA_DOC}.`);
    this.name = 'BrandConfigError';
    this.problems = problems;
  }
}

/** The folder brands are read from. */
export function brandsDir(): string {
  return path.resolve(process.env.ATRIUM_BRANDS_DIR ?? 'brands');
}

function readJson(file: string, problems: string[]): unknown {
  if (!existsSync(file)) {
    problems.push(`${file}: file is missing; every brand folder needs brand.json and theme.json`);
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${file}: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
}

function assetProblems(dir: string, file: string, theme: ThemeSettings): string[] {
  const refs: [string, string][] = [
    ['favicon16', theme.favicon16], ['favicon32', theme.favicon32], ['appleTouchIcon', theme.appleTouchIcon],
    ['logo.url', theme.logo.url], ['logoDesktop.url', theme.logoDesktop.url],
  ];
  return refs
    .filter(([, ref]) => ref.startsWith('assets/') && !existsSync(path.join(dir, ref)))
    .map(([field, ref]) => `${file}: field "${field}": "${ref}" does not exist in the brand folder`);
}

/**
 * Advice on the brand's logos, logged, never a refusal: an SVG logo that writes its name with
 * `<text>` is shaped and laid out with the visitor's own fonts, in a document of its own, on the
 * page's main thread (30-50 ms a page on a phone at 4x CPU, the first font lookups included), and
 * looks different on each device. Outlined (the text as paths), it is drawn as it was designed.
 */
export function logoAdvice(dir: string, file: string, theme: ThemeSettings): string[] {
  const refs: [string, string][] = [['logo.url', theme.logo.url], ['logoDesktop.url', theme.logoDesktop.url]];
  return refs
    .filter(([, ref]) => ref.startsWith('assets/') && /\.svg$/i.test(ref) && existsSync(path.join(dir, ref)))
    .filter(([, ref]) => /<(?:svg:)?text[\s/>]/i.test(readFileSync(path.join(dir, ref), 'utf8').replace(/<!--[\s\S]*?-->/g, '')))
    .map(([field, ref]) => `${file}: field "${field}": "${ref}" writes its text with <text>, which every visitor's device lays out with its own fonts (30-50 ms of a phone's main thread a page); convert the text to paths ("outline" it) in the SVG`);
}

/** Logs the logo advice for a brand going live (added, reloaded or valid again): once per change of its files. */
function adviseOnLogos(brand: Brand): void {
  for (const advice of logoAdvice(brand.dir, path.join(brand.dir, 'theme.json'), brand.theme)) console.warn(`[brands] ${advice}`);
}

function chooseDefaultLocale(settings: BrandSettings): Locale {
  const flagged = settings.locales.find((entry) => entry.isDefault);
  if (flagged) return flagged.locale;
  if (settings.locales.some((entry) => entry.locale === FALLBACK_LOCALE)) return FALLBACK_LOCALE;
  return settings.locales[0]!.locale;
}

/** Reads and validates one brand folder; the brand, or the problems that refuse it. */
function loadBrandFolder(dir: string, id: string): { brand?: Brand; problems: string[] } {
  const problems: string[] = [];
  const brandDir = path.join(dir, id);
  const brandFile = path.join(brandDir, 'brand.json');
  const themeFile = path.join(brandDir, 'theme.json');
  const rawBrand = readJson(brandFile, problems);
  const rawTheme = readJson(themeFile, problems);
  if (rawBrand === undefined || rawTheme === undefined) return { problems };
  const settings = brandSettingsSchema.safeParse(rawBrand);
  const theme = themeSettingsSchema.safeParse(rawTheme);
  if (!settings.success) problems.push(...describeBrandIssues(BRAND_SCHEMA_DOC, settings.error, rawBrand).map((line) => `${brandFile}: ${line}`));
  if (!theme.success) problems.push(...describeBrandIssues(THEME_SCHEMA_DOC, theme.error, rawTheme).map((line) => `${themeFile}: ${line}`));
  if (!settings.success || !theme.success) return { problems };
  if (settings.data.brand !== id) {
    problems.push(`${brandFile}: field "brand": is "${settings.data.brand}" but the folder is "${id}"; they must match`);
    return { problems };
  }
  problems.push(...assetProblems(brandDir, themeFile, theme.data));
  if (problems.length) return { problems };
  return {
    problems,
    brand: {
      id,
      settings: settings.data,
      theme: theme.data,
      dir: brandDir,
      defaultLocale: chooseDefaultLocale(settings.data),
      locales: settings.data.locales.map((entry) => entry.locale),
    },
  };
}

/** The brand folders under dir, sorted; hidden and `_` folders are skipped, as the platform skips them. */
function brandFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
}

/** The clash of brand's hosts with the other brands, naming both files; null when every host is free. */
function hostClash(dir: string, brand: Brand, others: readonly Brand[]): string | null {
  for (const host of brand.settings.hosts) {
    const owner = others.find((other) => other.id !== brand.id && other.settings.hosts.includes(host));
    if (owner) {
      return `${path.join(dir, brand.id, 'brand.json')}: field "hosts": "${host}" is already served by brand "${owner.id}" ` +
        `(${path.join(dir, owner.id, 'brand.json')}); give each host to one brand`;
    }
  }
  return null;
}

/** Loads every brand folder; throws BrandConfigError listing every problem found. */
export function loadBrands(dir = brandsDir()): Brand[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BrandConfigError([`${dir}: the brands folder does not exist; create it with one folder per brand`]);
  }
  const problems: string[] = [];
  const brands: Brand[] = [];
  const ids = brandFolders(dir);
  if (ids.length === 0) problems.push(`${dir}: no brand folders found; add brands/<id>/brand.json and theme.json`);
  for (const id of ids) {
    const loaded = loadBrandFolder(dir, id);
    problems.push(...loaded.problems);
    if (!loaded.brand) continue;
    // The later folder (in name order) is the one named as clashing with the earlier one.
    const clash = hostClash(dir, loaded.brand, brands);
    if (clash) problems.push(clash);
    else {
      brands.push(loaded.brand);
      adviseOnLogos(loaded.brand);
    }
  }
  if (problems.length) throw new BrandConfigError(problems);
  return brands;
}

/** A brand folder that is refused while it stays broken: its previous good version (if any) keeps serving. */
export interface BrandProblem {
  id: string;
  /** Every problem of the folder, each naming file and field. */
  problems: string[];
  /** When the folder first became broken (ISO time). */
  since: string;
}

interface BrandState {
  dir: string;
  brands: Brand[];
  /** Per folder, the fingerprint (mtimes and sizes) of its files when last read. */
  fingerprints: Map<string, string>;
  problems: Map<string, BrandProblem>;
  /** Folders refused only for a host another brand serves: re-read on every pass, as the other brand may give the host up. */
  clashes: Set<string>;
  /** Goes up whenever the set of served brands changes, so caches know to drop pages. */
  generation: number;
  stop: () => void;
}

// The lobby server (run from source) and the built pages (bundled) each hold a copy of this module:
// the state lives on globalThis so both serve the same brands and only one watcher runs.
const STATE = Symbol.for('atrium.brands');
const shared = globalThis as typeof globalThis & { [STATE]?: BrandState };

/** A folder's fingerprint: brand.json, theme.json and assets/ mtimes and sizes (cheap to take). */
function fingerprint(dir: string, id: string): string {
  return ['brand.json', 'theme.json', 'assets']
    .map((name) => {
      try {
        const info = statSync(path.join(dir, id, name));
        return `${name}:${info.mtimeMs}:${info.size}`;
      } catch {
        return `${name}:-`;
      }
    })
    .join('|');
}

/**
 * Re-reads the brand folders whose files changed: a new or fixed brand goes live, a broken one is
 * refused (logged with file and field) while its last good version keeps serving, a removed folder
 * stops being served. Returns whether the served set changed.
 */
export function refreshBrands(state = shared[STATE]): boolean {
  if (!state) return false;
  const { dir } = state;
  let ids: string[];
  try {
    ids = brandFolders(dir);
  } catch (error) {
    console.warn(`[brands] cannot read ${dir}: ${(error as Error).message}; still serving the brands loaded before`);
    return false;
  }
  let changed = false;
  const brands = [...state.brands];
  for (const id of [...state.fingerprints.keys()]) {
    if (ids.includes(id)) continue;
    state.fingerprints.delete(id);
    state.clashes.delete(id);
    if (state.problems.delete(id) && !brands.some((brand) => brand.id === id)) {
      console.log(`[brands] ${path.join(dir, id)} was removed: its refused version is no longer reported`);
    }
    const index = brands.findIndex((brand) => brand.id === id);
    if (index >= 0) {
      brands.splice(index, 1);
      changed = true;
      console.log(`[brands] ${path.join(dir, id)} was removed: brand "${id}" is no longer served`);
    }
  }
  for (const id of ids) {
    const print = fingerprint(dir, id);
    if (state.fingerprints.get(id) === print && !state.clashes.has(id)) continue;
    state.fingerprints.set(id, print);
    const loaded = loadBrandFolder(dir, id);
    const clash = loaded.brand ? hostClash(dir, loaded.brand, brands) : null;
    if (clash) state.clashes.add(id);
    else state.clashes.delete(id);
    const problems = clash ? [clash] : loaded.problems;
    const index = brands.findIndex((brand) => brand.id === id);
    if (loaded.brand && !clash) {
      if (state.problems.delete(id)) console.log(`[brands] ${path.join(dir, id)} is valid again: serving the fixed version`);
      else console.log(`[brands] ${index >= 0 ? 'reloaded' : 'added'} brand "${id}" (${loaded.brand.settings.hosts.join(', ')})`);
      if (index >= 0) brands[index] = loaded.brand;
      else brands.push(loaded.brand);
      adviseOnLogos(loaded.brand);
      changed = true;
      continue;
    }
    const known = state.problems.get(id);
    const still = index >= 0 ? `still serving the last good version of "${id}"` : `brand "${id}" is not served until this is fixed`;
    if (known?.problems.join('\n') !== problems.join('\n')) {
      console.warn(`[brands] refused ${path.join(dir, id)}: ${still}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    }
    state.problems.set(id, { id, problems, since: known?.since ?? new Date().toISOString() });
  }
  if (changed) {
    brands.sort((a, b) => a.id.localeCompare(b.id));
    state.brands = brands;
    state.generation += 1;
  }
  return changed;
}

/** Watches dir (fs.watch, debounced) with a periodic re-scan for file systems whose events are lost. */
function watch(state: BrandState): () => void {
  const rescanMs = Number(process.env.ATRIUM_BRANDS_RESCAN_MS ?? 2000);
  let debounce: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => refreshBrands(state), 150);
    debounce.unref?.();
  };
  let watcher: ReturnType<typeof fsWatch> | undefined;
  try {
    watcher = fsWatch(state.dir, { recursive: true }, soon);
    watcher.unref();
    watcher.on('error', () => watcher?.close());
  } catch {
    // Without events the periodic re-scan below still picks changes up.
  }
  const timer = rescanMs > 0 ? setInterval(() => refreshBrands(state), rescanMs) : undefined;
  timer?.unref?.();
  return () => {
    watcher?.close();
    clearInterval(timer);
    clearTimeout(debounce);
  };
}

/**
 * The brands being served. The first call loads them all (a broken set refuses start-up) and then
 * watches the folder, so a dropped-in or edited brand goes live without a restart
 * (ATRIUM_BRANDS_WATCH=0 turns watching off).
 */
export function getBrands(): Brand[] {
  let state = shared[STATE];
  if (!state) {
    const dir = brandsDir();
    const brands = loadBrands(dir);
    state = { dir, brands, fingerprints: new Map(), problems: new Map(), clashes: new Set(), generation: 0, stop: () => {} };
    for (const id of brandFolders(dir)) state.fingerprints.set(id, fingerprint(dir, id));
    if (process.env.ATRIUM_BRANDS_WATCH !== '0') state.stop = watch(state);
    shared[STATE] = state;
  }
  return state.brands;
}

/** Brand folders refused since start-up (each still broken), for the internal status page. */
export function brandProblems(): BrandProblem[] {
  return [...(shared[STATE]?.problems.values() ?? [])];
}

/** A number that goes up whenever the served brands change (render caches drop their pages then). */
export function brandsGeneration(): number {
  return shared[STATE]?.generation ?? 0;
}

/** Whether a brand is being served (true before the brands are first loaded, so callers never wait on it). */
export function isBrandServed(id: string): boolean {
  const state = shared[STATE];
  return !state || state.brands.some((brand) => brand.id === id);
}

/** Stops watching and forgets the loaded brands (tests). */
export function resetBrands(): void {
  shared[STATE]?.stop();
  delete shared[STATE];
}
