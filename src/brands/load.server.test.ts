import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BrandConfigError, brandProblems, brandsGeneration, getBrands, loadBrands, refreshBrands, resetBrands } from './load.server.ts';

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

/** Runs a test of the live brand set (no file watcher, the log silenced) on the scratch folder, and resets it after. */
function withLiveBrands(run: (log: MockInstance<typeof console.log>) => void): void {
  process.env.ATRIUM_BRANDS_DIR = dir;
  process.env.ATRIUM_BRANDS_WATCH = '0';
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    run(log);
  } finally {
    resetBrands();
    delete process.env.ATRIUM_BRANDS_DIR;
    delete process.env.ATRIUM_BRANDS_WATCH;
    log.mockRestore();
    warn.mockRestore();
  }
}

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

  it('names both files of a duplicate host, the later one first', () => {
    edit(brandFile('solenne'), (json) => {
      json.hosts = ['aurelia.localhost'];
    });
    const [problem] = problemsOf();
    expect(problem).toMatch(/solenne.brand\.json: field "hosts": "aurelia\.localhost" is already served by brand "aurelia" \(.*aurelia.brand\.json\)/);
  });

  it('says a missing required field is missing and what to add, not zod\'s "Invalid option"', () => {
    edit(brandFile('vantor'), (json) => {
      delete json.title;
      delete json.license;
    });
    const problems = problemsOf().join('\n');
    expect(problems).toMatch(/vantor.brand\.json: field "title" is missing: add "title" with a string/);
    expect(problems).toMatch(/vantor.brand\.json: field "license" is missing: add "license" with one of "anj", "cos", "crc", "est", "mga"/);
    expect(problems).not.toMatch(/Invalid option/);
  });

  it('brings a dropped-in brand live and keeps the last good version of a broken edit', () => {
    withLiveBrands((log) => {
    expect(getBrands().map((b) => b.id)).not.toContain('mybrand');
    cpSync(path.join(dir, 'vantor'), path.join(dir, 'mybrand'), { recursive: true });
    edit(brandFile('mybrand'), (json) => {
      json.brand = 'mybrand';
      json.title = 'My Brand';
      json.hosts = ['mybrand.localhost'];
    });
    refreshBrands();
    expect(getBrands().find((b) => b.id === 'mybrand')?.settings.title).toBe('My Brand');
    const generation = brandsGeneration();

    writeFileSync(brandFile('mybrand'), '{ "brand": ');
    utimesSync(brandFile('mybrand'), new Date(), new Date(Date.now() + 5000));
    refreshBrands();
    expect(getBrands().find((b) => b.id === 'mybrand')?.settings.title).toBe('My Brand');
    expect(brandProblems()[0]?.problems.join()).toMatch(/mybrand.brand\.json: not valid JSON/);
    expect(brandsGeneration()).toBe(generation);

    cpSync(path.join(dir, 'vantor', 'brand.json'), brandFile('mybrand'));
    edit(brandFile('mybrand'), (json) => {
      json.brand = 'mybrand';
      json.hosts = ['vantor.localhost'];
    });
    utimesSync(brandFile('mybrand'), new Date(), new Date(Date.now() + 10000));
    refreshBrands();
    expect(brandProblems()[0]?.problems.join()).toMatch(/mybrand.brand\.json: field "hosts": "vantor\.localhost" is already served by brand "vantor"/);

    edit(brandFile('mybrand'), (json) => {
      json.hosts = ['mybrand.localhost'];
    });
    utimesSync(brandFile('mybrand'), new Date(), new Date(Date.now() + 15000));
    refreshBrands();
    expect(brandProblems()).toEqual([]);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/mybrand is valid again: serving the fixed version/));
    });
  });

  it('serves a brand refused for another brand’s host once that brand gives the host up, and logs it valid again', () => {
    withLiveBrands((log) => {
    getBrands();
    cpSync(path.join(dir, 'vantor'), path.join(dir, 'clashing'), { recursive: true });
    edit(brandFile('clashing'), (json) => {
      json.brand = 'clashing';
      json.hosts = ['vantor.localhost'];
    });
    refreshBrands();
    expect(brandProblems().map((problem) => problem.id)).toEqual(['clashing']);
    // The clashing folder is not touched again: vantor moves to another host.
    edit(brandFile('vantor'), (json) => {
      json.hosts = ['vantor.example.com'];
    });
    utimesSync(brandFile('vantor'), new Date(), new Date(Date.now() + 5000));
    refreshBrands();
    refreshBrands();
    expect(brandProblems()).toEqual([]);
    expect(getBrands().find((brand) => brand.id === 'clashing')?.settings.hosts).toEqual(['vantor.localhost']);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/clashing is valid again: serving the fixed version/));
    });
  });

  it('refuses a theme whose logo file does not exist', () => {
    rmSync(path.join(dir, 'aurelia', 'assets', 'logo.svg'));
    expect(problemsOf().join('\n')).toMatch(/aurelia.theme\.json: field "logo\.url": "assets\/logo\.svg" does not exist/);
  });

  it('serves a logo that writes its name with <text>, and tells the operator to outline it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      loadBrands(dir);
      // The demo brands' logos are outlined.
      expect(warn).not.toHaveBeenCalled();
      writeFileSync(path.join(dir, 'aurelia', 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><text x="0" y="20">Aurelia</text></svg>');
      expect(loadBrands(dir).map((brand) => brand.id)).toContain('aurelia');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/aurelia.theme\.json: field "logo\.url": "assets\/logo\.svg" writes its text with <text>.*convert the text to paths/);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses an unknown field, so a typo is not silently ignored', () => {
    edit(brandFile('aurelia'), (json) => {
      json.layuot = 'default';
    });
    expect(problemsOf().join('\n')).toMatch(/aurelia.brand\.json: the file has unknown field "layuot": remove it or correct the spelling \(the fields are listed in docs\/brand\.schema\.json\)/);
  });

  it('names a wrong value, the values allowed and the JSON Schema that describes the field', () => {
    edit(brandFile('kororaa'), (json) => {
      (json.locales as { locale: string }[])[0]!.locale = 'sv';
    });
    const error = (() => {
      try {
        loadBrands(dir);
      } catch (caught) {
        return caught as BrandConfigError;
      }
      throw new Error('expected the brand set to be refused');
    })();
    expect(error.problems).toEqual([
      expect.stringMatching(/kororaa.brand\.json: field "locales\.0\.locale" is "sv": use one of "en", "fi", .*"it" \(see docs\/brand\.schema\.json\)$/),
    ]);
    expect(error.message).toContain('every field of brand.json is described in docs/brand.schema.json');
  });
});
