/**
 * The brands the platform serves, read once at start from `brands/<id>/brand.json`. The lobby owns
 * the full schema (src/brands/schema.ts); the platform is a separate service, so it parses only the
 * fields it needs and ignores the rest.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describeIssues, displayPath, friendlyErrors } from '../validation.ts';

/** The licences of the spec. */
export const LICENCES = ['anj', 'cos', 'crc', 'est', 'mga'] as const;
/** Login and registration providers a flow may name. */
const FLOW_PROVIDERS = ['sms', 'keycloak', 'zimpler', 'trustly', 'piq'] as const;

const flowSchema = z.object({ registration: z.enum(FLOW_PROVIDERS), login: z.enum(FLOW_PROVIDERS) });
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals, such as "FI"');

const brandFileSchema = z.object({
  brand: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  title: z.string().min(1).optional(),
  siteDataName: z.string().min(1).optional(),
  operator: z.string().min(1),
  license: z.enum(LICENCES),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code in capitals, such as "EUR"'),
  defaultCountry: countryCode,
  hosts: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'a host name in lower case, without scheme or port')).min(1).optional(),
  minimumAge: z.number().int().min(16).max(25).optional(),
  features: z.array(z.string()).default([]),
  flows: z.object({ default: flowSchema, byCountry: z.record(countryCode, flowSchema).default({}) }),
  locales: z
    .array(z.object({ locale: z.string(), label: z.string().optional(), isDefault: z.boolean().default(false) }))
    .min(1),
});

/** A login/registration flow. */
export type Flow = z.infer<typeof flowSchema>;

/** The brand settings the platform uses. */
export interface Brand {
  id: string;
  title: string;
  operator: string;
  license: (typeof LICENCES)[number];
  currency: string;
  defaultCountry: string;
  /** Host names the brand answers at; the first one is its public identity (OpenID issuer). */
  hosts: string[];
  minimumAge: number;
  features: string[];
  flows: { default: Flow; byCountry: Record<string, Flow> };
  locales: { locale: string; label: string; isDefault: boolean }[];
}

/** Every brand by id. */
export type BrandRegistry = ReadonlyMap<string, Brand>;

/** Reads every `<dir>/<id>/brand.json`; throws one clear error naming the file that is missing or wrong. */
export function loadBrands(dir: string): BrandRegistry {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`Brands folder not found: ${dir}. Set ATRIUM_BRANDS_DIR to the folder holding <brand>/brand.json files`);
  }
  const brands = new Map<string, Brand>();
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    const file = join(dir, folder, 'brand.json');
    const shown = displayPath(file);
    if (!existsSync(file)) throw new Error(`${shown} is missing: every folder under ${dir} is a brand and needs a brand.json`);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${shown} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = brandFileSchema.safeParse(json, friendlyErrors);
    if (!parsed.success) throw new Error(`${shown} is invalid: ${describeIssues(parsed.error.issues).join('; ')}`);
    const settings = parsed.data;
    if (settings.brand !== folder) {
      throw new Error(`${shown} says brand "${settings.brand}" but lives in folder "${folder}": make them equal`);
    }
    brands.set(folder, {
      id: folder,
      title: settings.title ?? folder,
      operator: settings.operator,
      license: settings.license,
      currency: settings.currency,
      defaultCountry: settings.defaultCountry,
      hosts: settings.hosts ?? [`${folder}.localhost`],
      minimumAge: settings.minimumAge ?? 18,
      features: settings.features,
      flows: settings.flows,
      locales: settings.locales.map((entry) => ({ locale: entry.locale, label: entry.label ?? entry.locale, isDefault: entry.isDefault })),
    });
  }
  return brands;
}

/** The flow for visitors from a country: the brand's override for it, else its default. */
export function flowFor(brand: Brand, countryCode: string): Flow {
  return brand.flows.byCountry[countryCode] ?? brand.flows.default;
}
