/**
 * Reads and validates every brand folder under `brands/` (or ATRIUM_BRANDS_DIR). The whole set is
 * validated before any of it is used: one broken file refuses start-up with a message naming the
 * file, the field and what was expected, so a brand never runs half-configured.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { FALLBACK_LOCALE, type Locale } from '../i18n/locales.ts';
import { brandSettingsSchema, themeSettingsSchema, type BrandSettings, type ThemeSettings } from './schema.ts';

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
    super(`Atrium cannot start: the brand configuration has ${problems.length} problem(s).\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix the files above (the fields are documented in src/brands/schema.ts) and start again.`);
    this.name = 'BrandConfigError';
    this.problems = problems;
  }
}

/** The folder brands are read from. */
export function brandsDir(): string {
  return path.resolve(process.env.ATRIUM_BRANDS_DIR ?? 'brands');
}

function describeIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join('.') : '(the whole file)';
    return `${file}: field "${field}": ${issue.message}`;
  });
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

function chooseDefaultLocale(settings: BrandSettings): Locale {
  const flagged = settings.locales.find((entry) => entry.isDefault);
  if (flagged) return flagged.locale;
  if (settings.locales.some((entry) => entry.locale === FALLBACK_LOCALE)) return FALLBACK_LOCALE;
  return settings.locales[0]!.locale;
}

/** Loads every brand folder; throws BrandConfigError listing every problem found. */
export function loadBrands(dir = brandsDir()): Brand[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BrandConfigError([`${dir}: the brands folder does not exist; create it with one folder per brand`]);
  }
  const problems: string[] = [];
  const brands: Brand[] = [];
  const ids = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  if (ids.length === 0) problems.push(`${dir}: no brand folders found; add brands/<id>/brand.json and theme.json`);

  for (const id of ids) {
    const brandDir = path.join(dir, id);
    const brandFile = path.join(brandDir, 'brand.json');
    const themeFile = path.join(brandDir, 'theme.json');
    const rawBrand = readJson(brandFile, problems);
    const rawTheme = readJson(themeFile, problems);
    if (rawBrand === undefined || rawTheme === undefined) continue;
    const settings = brandSettingsSchema.safeParse(rawBrand);
    const theme = themeSettingsSchema.safeParse(rawTheme);
    if (!settings.success) problems.push(...describeIssues(brandFile, settings.error));
    if (!theme.success) problems.push(...describeIssues(themeFile, theme.error));
    if (!settings.success || !theme.success) continue;
    if (settings.data.brand !== id) {
      problems.push(`${brandFile}: field "brand": is "${settings.data.brand}" but the folder is "${id}"; they must match`);
      continue;
    }
    problems.push(...assetProblems(brandDir, themeFile, theme.data));
    brands.push({
      id,
      settings: settings.data,
      theme: theme.data,
      dir: brandDir,
      defaultLocale: chooseDefaultLocale(settings.data),
      locales: settings.data.locales.map((entry) => entry.locale),
    });
  }

  const owners = new Map<string, string>();
  for (const brand of brands) {
    for (const host of brand.settings.hosts) {
      const owner = owners.get(host);
      if (owner) problems.push(`brands/${brand.id}/brand.json: field "hosts": "${host}" is already served by brand "${owner}"`);
      owners.set(host, brand.id);
    }
  }
  if (problems.length) throw new BrandConfigError(problems);
  return brands;
}

let cached: Brand[] | undefined;

/** The validated brands, loaded once per process (start-up already refused a broken set). */
export function getBrands(): Brand[] {
  cached ??= loadBrands();
  return cached;
}
