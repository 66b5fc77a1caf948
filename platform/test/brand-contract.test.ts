/**
 * The brand folder is a contract between the lobby and the platform: both validate it with the one
 * schema in shared/brand-schema.ts. This proves it through the loaders each side really uses (the
 * lobby's start-up check and the platform's registry): they accept and refuse the same folders, and
 * each refusal names the same file and field.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrandConfigError, loadBrands as lobbyLoadBrands } from '../../src/brands/load.server.ts';
import { loadBrands as platformLoadBrands } from '../src/brands/brands.ts';

let dir: string;

function edit(id: string, file: 'brand.json' | 'theme.json', change: (json: any) => void): void {
  const full = path.join(dir, id, file);
  const json = JSON.parse(readFileSync(full, 'utf8'));
  change(json);
  writeFileSync(full, JSON.stringify(json, null, 2));
}

/** What each side says about the folder: the ids it would serve, or its refusal. */
function verdicts(): { lobby: string[] | Error; platform: string[] | Error } {
  const attempt = (load: () => string[]) => {
    try {
      return load();
    } catch (error) {
      return error as Error;
    }
  };
  return {
    lobby: attempt(() => lobbyLoadBrands(dir).map((brand) => brand.id)),
    platform: attempt(() => [...platformLoadBrands(dir).keys()]),
  };
}

/** Brand folders both sides must refuse, with the file and field both must name. */
const broken: { name: string; file: 'brand.json' | 'theme.json'; field: string; change: (json: any) => void }[] = [
  { name: 'a colour that is not #rrggbb', file: 'theme.json', field: 'colors.primary.base', change: (json) => { json.colors.primary.base = 'gold'; } },
  { name: 'a locale outside the fourteen', file: 'brand.json', field: 'locales.1.locale', change: (json) => { json.locales[1].locale = 'sv'; } },
  { name: 'an unknown feature toggle', file: 'brand.json', field: 'features.0', change: (json) => { json.features[0] = 'Sportbook'; } },
  { name: 'a minimum age below 18', file: 'brand.json', field: 'minimumAge', change: (json) => { json.minimumAge = 16; } },
  { name: 'a missing title', file: 'brand.json', field: 'title', change: (json) => { delete json.title; } },
  { name: 'a misspelt field', file: 'brand.json', field: 'layuot', change: (json) => { json.layuot = 'default'; } },
  { name: 'a misspelt theme field', file: 'theme.json', field: 'roundnes', change: (json) => { json.roundnes = 4; } },
  { name: 'a flow with an unknown provider', file: 'brand.json', field: 'flows.default.login', change: (json) => { json.flows.default.login = 'email'; } },
];

describe('the brand folder contract between the lobby and the platform', () => {
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atrium-brand-contract-'));
    cpSync('brands', dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('both accept the demo brands, "$schema" key included', () => {
    const { lobby, platform } = verdicts();
    expect(lobby).toEqual(['aurelia', 'kororaa', 'mapleridge', 'nordvik', 'solenne', 'vantor']);
    expect(platform).toEqual(lobby);
    expect(JSON.parse(readFileSync(path.join(dir, 'vantor', 'brand.json'), 'utf8')).$schema).toBe('../../docs/brand.schema.json');
  });

  it('both accept what the schema leaves optional (no "$schema", no defaulted fields)', () => {
    edit('vantor', 'brand.json', (json) => {
      for (const key of ['$schema', 'localization', 'bonusEnabled', 'minimumAge', 'realtimeProtocol']) delete json[key];
      delete json.flows.byCountry;
    });
    edit('vantor', 'theme.json', (json) => { delete json.$schema; });
    const { lobby, platform } = verdicts();
    expect(lobby).toContain('vantor');
    expect(platform).toEqual(lobby);
  });

  for (const { name, file, field, change } of broken) {
    it(`both refuse ${name}, naming ${file} and field "${field}"`, () => {
      edit('solenne', file, change);
      const { lobby, platform } = verdicts();
      expect(lobby).toBeInstanceOf(BrandConfigError);
      expect(platform).toBeInstanceOf(Error);
      for (const refusal of [lobby, platform] as Error[]) {
        expect(refusal.message).toContain(path.join('solenne', file));
        expect(refusal.message).toContain(`"${field}"`);
      }
    });
  }

  it('both skip folders starting with "." or "_" (drafts, shared files), however broken', () => {
    for (const folder of ['_draft', '.hidden']) {
      cpSync(path.join(dir, 'vantor'), path.join(dir, folder), { recursive: true });
      edit(folder, 'theme.json', (json) => { json.colors.text = 'white'; });
    }
    const { lobby, platform } = verdicts();
    expect(lobby).toHaveLength(6);
    expect(platform).toEqual(lobby);
  });

  it('both refuse a brand folder without theme.json', () => {
    rmSync(path.join(dir, 'kororaa', 'theme.json'));
    const { lobby, platform } = verdicts();
    expect((lobby as Error).message).toMatch(/kororaa.theme\.json: file is missing/);
    expect((platform as Error).message).toMatch(/kororaa.theme\.json is missing/);
  });
});
