import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBrands, watchBrands } from '../src/brands/brands.ts';

describe('brand registry while running', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-platform-brands-'));
    cpSync('brands', dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adds a dropped-in brand, keeps the last good version of a broken edit, refuses a taken host and serves the fix', () => {
    const registry = loadBrands(dir);
    const watch = watchBrands(dir, registry, 0);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const file = join(dir, 'mybrand', 'brand.json');
    const write = (change: Record<string, unknown>) => {
      const json = JSON.parse(readFileSync(join(dir, 'vantor', 'brand.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...json, brand: 'mybrand', title: 'My Brand', hosts: ['mybrand.localhost'], ...change }));
    };
    try {
      cpSync(join(dir, 'vantor'), join(dir, 'mybrand'), { recursive: true });
      write({});
      watch.rescan();
      expect(registry.get('mybrand')?.hosts).toEqual(['mybrand.localhost']);

      writeFileSync(file, '{ "brand": "mybrand", "title": ');
      watch.rescan();
      expect(registry.get('mybrand')?.title).toBe('My Brand');
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/mybrand.brand\.json is not valid JSON.*still serving the last good version/));

      write({ title: 'Clash', hosts: ['vantor.localhost'] });
      watch.rescan();
      expect(registry.get('mybrand')?.title).toBe('My Brand');
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/mybrand.brand\.json: field "hosts": "vantor\.localhost" is already served by brand "vantor" \(.*vantor.brand\.json\)/));

      write({ title: 'Mended' });
      watch.rescan();
      expect(registry.get('mybrand')?.title).toBe('Mended');
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/mybrand.brand\.json is valid again: serving the fixed version/));

      rmSync(join(dir, 'mybrand'), { recursive: true });
      watch.rescan();
      expect(registry.has('mybrand')).toBe(false);
      expect(registry.size).toBe(6);
    } finally {
      watch.stop();
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it('serves a brand refused for another brand’s host once that brand gives the host up, and says it is valid again', () => {
    const registry = loadBrands(dir);
    const watch = watchBrands(dir, registry, 0);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const edit = (brand: string, change: Record<string, unknown>) => {
      const json = JSON.parse(readFileSync(join(dir, 'vantor', 'brand.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(dir, brand, 'brand.json'), JSON.stringify({ ...json, brand, ...change }));
    };
    try {
      cpSync(join(dir, 'vantor'), join(dir, 'clashing'), { recursive: true });
      edit('clashing', { hosts: ['vantor.localhost'] });
      watch.rescan();
      expect(registry.has('clashing')).toBe(false);
      // Only vantor's file changes: it moves to another host, and the clashing folder goes live.
      edit('vantor', { hosts: ['vantor.example.com'] });
      watch.rescan();
      watch.rescan();
      expect(registry.get('clashing')?.hosts).toEqual(['vantor.localhost']);
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/clashing.brand\.json is valid again: serving the fixed version/));
    } finally {
      watch.stop();
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it('says a missing licence is missing and what to add, not "Invalid option"', () => {
    const file = join(dir, 'vantor', 'brand.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete json.license;
    writeFileSync(file, JSON.stringify(json));
    expect(() => loadBrands(dir)).toThrow(/vantor.brand\.json is invalid: field "license" is missing: add "license" with one of "anj", "cos", "crc", "est", "mga" \(see docs\/brand\.schema\.json\)/);
    expect(() => loadBrands(dir)).not.toThrow(/Invalid option/);
  });
});
