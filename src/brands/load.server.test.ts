import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrandConfigError, loadBrands } from './load.server.ts';

let dir: string;
const brandFile = (id: string) => path.join(dir, id, 'brand.json');
const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  change(json);
  writeFileSync(file, JSON.stringify(json));
};
const problemsOf = (): string[] => {
  try {
    loadBrands(dir);
  } catch (error) {
    if (error instanceof BrandConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the brand set to be refused');
};

describe('brand loader', () => {
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atrium-brands-'));
    cpSync('brands', dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the six demo brands covering every licence, layout, theme and locale', () => {
    const brands = loadBrands(dir);
    expect(brands).toHaveLength(6);
    expect(new Set(brands.map((b) => b.settings.license))).toEqual(new Set(['anj', 'cos', 'crc', 'est', 'mga']));
    expect(new Set(brands.map((b) => b.settings.layout))).toEqual(new Set(['default', 'layout1', 'layout2']));
    expect(new Set(brands.map((b) => b.theme.name))).toEqual(new Set(['theme1', 'theme2', 'theme3']));
    expect(new Set(brands.flatMap((b) => b.locales)).size).toBe(14);
  });

  it('picks the isDefault locale, else en', () => {
    edit(brandFile('vantor'), (json) => {
      json.locales = [{ locale: 'et_EE', label: 'Eesti' }, { locale: 'en', label: 'English' }];
    });
    expect(loadBrands(dir).find((b) => b.id === 'vantor')?.defaultLocale).toBe('en');
  });

  it('names the file, the field and the expectation for a wrong value', () => {
    edit(brandFile('solenne'), (json) => {
      json.license = 'xyz';
    });
    const [problem] = problemsOf();
    expect(problem).toContain(path.join('solenne', 'brand.json'));
    expect(problem).toContain('field "license"');
    expect(problem).toMatch(/anj.*cos.*crc.*est.*mga/);
  });

  it('reports broken JSON, a missing theme, a folder/brand mismatch and a shared host together', () => {
    writeFileSync(brandFile('kororaa'), '{ "brand": "kororaa", ');
    rmSync(path.join(dir, 'nordvik', 'theme.json'));
    edit(brandFile('vantor'), (json) => {
      json.brand = 'vantor2';
    });
    edit(brandFile('solenne'), (json) => {
      json.hosts = ['aurelia.localhost'];
    });
    const problems = problemsOf().join('\n');
    expect(problems).toMatch(/kororaa.brand\.json: not valid JSON/);
    expect(problems).toMatch(/nordvik.theme\.json: file is missing/);
    expect(problems).toMatch(/field "brand": is "vantor2" but the folder is "vantor"/);
    expect(problems).toMatch(/"aurelia\.localhost" is already served by brand "aurelia"/);
  });

  it('refuses a theme whose logo file does not exist', () => {
    rmSync(path.join(dir, 'aurelia', 'assets', 'logo.svg'));
    expect(problemsOf().join('\n')).toMatch(/aurelia.theme\.json: field "logo\.url": "assets\/logo\.svg" does not exist/);
  });

  it('refuses an unknown field, so a typo is not silently ignored', () => {
    edit(brandFile('aurelia'), (json) => {
      json.layuot = 'default';
    });
    expect(problemsOf().join('\n')).toMatch(/aurelia.brand\.json.*layuot/);
  });
});
