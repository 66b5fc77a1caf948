/**
 * The brands the platform serves, read at start from `brands/<id>/brand.json` and `theme.json` and
 * kept in step with the folder while running (watchBrands), so a dropped-in brand needs no restart.
 * Both files are validated with the one schema the lobby uses too (shared/brand-schema.ts), so the
 * platform accepts exactly the brand folders the lobby accepts; of the settings it keeps the fields
 * it needs. The platform imports no lobby code: only the shared contract under shared/.
 */
import { existsSync, readdirSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { describeBrandIssues } from '../../../shared/brand-issues.ts';
import {
  BRAND_SCHEMA_DOC, brandSettingsSchema, THEME_SCHEMA_DOC, themeSettingsSchema, type Flow, type Licence,
} from '../../../shared/brand-schema.ts';
import { displayPath } from '../validation.ts';
import { licenceProfile } from '../../../shared/licences.ts';

export { LICENCES, type Flow } from '../../../shared/brand-schema.ts';

/** The brand settings the platform uses. */
export interface Brand {
  id: string;
  title: string;
  operator: string;
  /** The company that runs the brand, as its legal documents name it (brand.json's operatorName, else the title). */
  operatorName: string;
  license: Licence;
  currency: string;
  defaultCountry: string;
  /** Host names the brand answers at; the first one is its public identity (OpenID issuer). */
  hosts: string[];
  minimumAge: number;
  features: string[];
  /** Whether the brand gives bonus money (brand.json's bonusEnabled): without it, bonus rewards cannot be claimed. */
  bonusEnabled: boolean;
  flows: { default: Flow; byCountry: Record<string, Flow> };
  locales: { locale: string; label: string; isDefault: boolean }[];
  /** Whether the lobby's paths carry the locale (/en/…); without it they are unprefixed. */
  localization: boolean;
}

/** Every brand by id. */
export type BrandRegistry = ReadonlyMap<string, Brand>;

/** The brand folders under dir, sorted (hidden and `_` folders are skipped). */
function brandFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
}

/** Reads and parses one JSON file of a brand folder; throws one clear error naming the file. */
function readJson(dir: string, file: string): unknown {
  const shown = displayPath(file);
  if (!existsSync(file)) throw new Error(`${shown} is missing: every folder under ${dir} is a brand and needs a brand.json and a theme.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${shown} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Validates one file of a brand folder against its shared schema; throws naming the file, the fields and the fix. */
function validate<T>(schema: z.ZodType<T>, doc: string, file: string, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const shown = displayPath(file);
  throw new Error(`${shown} is invalid: ${describeBrandIssues(doc, parsed.error, json).join('; ')}`);
}

/** Reads one `<dir>/<folder>/` (brand.json and theme.json); throws one clear error naming the file and what is wrong. */
function loadBrand(dir: string, folder: string): Brand {
  const file = join(dir, folder, 'brand.json');
  const themeFile = join(dir, folder, 'theme.json');
  const shown = displayPath(file);
  const settings = validate(brandSettingsSchema, BRAND_SCHEMA_DOC, file, readJson(dir, file));
  // The platform reads only the theme's colours (for its own pages), but a theme the lobby refuses is refused here too.
  validate(themeSettingsSchema, THEME_SCHEMA_DOC, themeFile, readJson(dir, themeFile));
  if (settings.brand !== folder) {
    throw new Error(`${shown} says brand "${settings.brand}" but lives in folder "${folder}": make them equal`);
  }
  return {
    id: folder,
    title: settings.title,
    operator: settings.operator,
    operatorName: settings.operatorName ?? settings.title,
    license: settings.license,
    currency: settings.currency,
    defaultCountry: settings.defaultCountry,
    hosts: settings.hosts,
    minimumAge: settings.minimumAge,
    features: settings.features,
    bonusEnabled: settings.bonusEnabled,
    flows: settings.flows,
    locales: settings.locales.map((entry) => ({ locale: entry.locale, label: entry.label, isDefault: entry.isDefault })),
    localization: settings.localization,
  };
}

/** Reads every `<dir>/<id>/brand.json`; throws one clear error naming the file that is missing or wrong. */
export function loadBrands(dir: string): Map<string, Brand> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`Brands folder not found: ${dir}. Set ATRIUM_BRANDS_DIR to the folder holding <brand>/brand.json files`);
  }
  const brands = new Map<string, Brand>();
  for (const folder of brandFolders(dir)) brands.set(folder, loadBrand(dir, folder));
  return brands;
}

/** The clash of brand's hosts with the other brands, naming both files; null when every host is free. */
function hostClash(dir: string, brand: Brand, registry: ReadonlyMap<string, Brand>): string | null {
  for (const other of registry.values()) {
    const host = other.id === brand.id ? undefined : brand.hosts.find((candidate) => other.hosts.includes(candidate));
    if (host) {
      return `${displayPath(join(dir, brand.id, 'brand.json'))}: field "hosts": "${host}" is already served by brand "${other.id}" ` +
        `(${displayPath(join(dir, other.id, 'brand.json'))}); give each host to one brand`;
    }
  }
  return null;
}

/** brand.json's and theme.json's mtimes and sizes: theme.json is included as the realm pages use its colours. */
function fingerprint(dir: string, folder: string): string {
  return ['brand.json', 'theme.json']
    .map((name) => {
      try {
        const info = statSync(join(dir, folder, name));
        return `${info.mtimeMs}:${info.size}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}

/**
 * Keeps registry in step with dir while the platform runs: a new or changed brand.json is read on
 * its change (fs.watch, debounced) or at the latest on the next re-scan (every rescanMs, a cheap
 * mtime check), a broken one is refused with its file and field in the log while the brand's last
 * good version keeps serving, and a removed folder stops being served. rescan() checks at once.
 */
export function watchBrands(dir: string, registry: Map<string, Brand>, rescanMs = 2000): { rescan(): void; stop(): void } {
  const prints = new Map(brandFolders(dir).map((folder) => [folder, fingerprint(dir, folder)]));
  const failing = new Map<string, string>();
  // Refused only for a host another brand serves: re-read on every scan, as that brand may give the host up.
  const clashing = new Set<string>();
  const rescan = () => {
    let folders: string[];
    try {
      folders = brandFolders(dir);
    } catch {
      return;
    }
    for (const id of [...registry.keys()]) {
      if (folders.includes(id)) continue;
      registry.delete(id);
      prints.delete(id);
      console.log(`[platform] brand "${id}" was removed from ${displayPath(dir)}: no longer served`);
    }
    for (const folder of folders) {
      const print = fingerprint(dir, folder);
      if (prints.get(folder) === print && !clashing.has(folder)) continue;
      prints.set(folder, print);
      clashing.delete(folder);
      let problem: string;
      try {
        const brand = loadBrand(dir, folder);
        const clash = hostClash(dir, brand, registry);
        if (clash) clashing.add(folder);
        if (!clash) {
          const known = registry.has(folder);
          registry.set(folder, brand);
          if (failing.delete(folder)) console.log(`[platform] ${displayPath(join(dir, folder, 'brand.json'))} is valid again: serving the fixed version`);
          else console.log(`[platform] ${known ? 'reloaded' : 'added'} brand "${folder}" (${brand.hosts.join(', ')})`);
          continue;
        }
        problem = clash;
      } catch (error) {
        problem = (error as Error).message;
      }
      if (failing.get(folder) !== problem) {
        const still = registry.has(folder) ? `still serving the last good version of "${folder}"` : `brand "${folder}" is not served until this is fixed`;
        console.warn(`[platform] refused ${problem} — ${still}`);
      }
      failing.set(folder, problem);
    }
  };
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, { recursive: true }, () => {
      clearTimeout(debounce);
      debounce = setTimeout(rescan, 150);
      debounce.unref();
    });
    watcher.unref();
    watcher.on('error', () => watcher?.close());
  } catch {
    // Without change events the periodic re-scan still picks edits up.
  }
  const timer = rescanMs > 0 ? setInterval(rescan, rescanMs) : undefined;
  timer?.unref();
  return {
    rescan,
    stop() {
      watcher?.close();
      clearInterval(timer);
      clearTimeout(debounce);
    },
  };
}

/** The currency of a new player's wallet: USD under a licence that defaults to it (cos), else the brand's. */
export function newWalletCurrency(brand: Pick<Brand, 'license' | 'currency'>): string {
  return licenceProfile(brand.license).defaultUsdCurrency ? 'USD' : brand.currency;
}

/** The flow for visitors from a country: the brand's override for it, else its default. */
export function flowFor(brand: Brand, countryCode: string): Flow {
  return brand.flows.byCountry[countryCode] ?? brand.flows.default;
}
