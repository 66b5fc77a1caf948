import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandSettingsSchema, themeSettingsSchema } from '../shared/brand-schema.ts';
import { brandSchemaDocs, jsonSchemaOf } from './brand-schema.ts';

type Node = Record<string, unknown>;

/** Every property of a JSON Schema, anywhere in it, as [path, schema]. */
function properties(node: Node, at = ''): [string, Node][] {
  const found: [string, Node][] = [];
  for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Node>)) {
    found.push([`${at}${key}`, child], ...properties(child, `${at}${key}.`));
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    const child = node[key];
    if (child && typeof child === 'object') found.push(...properties(child as Node, `${at}${key === 'items' ? '[]' : '*'}.`));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const child of (node[key] ?? []) as Node[]) found.push(...properties(child, at));
  }
  return found;
}

describe('brand file JSON Schemas in docs/', () => {
  it('are up to date with shared/brand-schema.ts (regenerate: npx node scripts/brand-schema.ts)', () => {
    for (const { file, text } of brandSchemaDocs()) {
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${file} is stale`).toBe(text);
    }
  });

  it('describe every field for operators', () => {
    for (const file of ['brand.json', 'theme.json'] as const) {
      const schema = jsonSchemaOf(file);
      const fields = properties(schema);
      expect(fields.length).toBeGreaterThan(file === 'brand.json' ? 25 : 90);
      const undescribed = fields.filter(([, node]) => typeof node.description !== 'string' || node.description.length < 10).map(([at]) => at);
      expect(undescribed, `${file}: fields without a description`).toEqual([]);
    }
  });

  it('finds a field without a description', () => {
    expect(properties({ properties: { a: { description: 'A documented field.' }, b: { type: 'object', properties: { c: {} } } } })
      .filter(([, node]) => !node.description).map(([at]) => at)).toEqual(['b', 'b.c']);
  });

  it('are what each demo brand file names in "$schema", and the schemas accept the key', () => {
    for (const id of readdirSync('brands')) {
      for (const [file, doc, schema] of [
        ['brand.json', 'docs/brand.schema.json', brandSettingsSchema],
        ['theme.json', 'docs/theme.schema.json', themeSettingsSchema],
      ] as const) {
        const full = path.join('brands', id, file);
        const json = JSON.parse(readFileSync(full, 'utf8')) as { $schema?: string };
        expect(json.$schema, `${full} names no $schema`).toBeDefined();
        expect(path.relative('.', path.resolve(path.dirname(full), json.$schema!)), full).toBe(doc);
        expect(schema.safeParse(json).success, full).toBe(true);
      }
    }
  });
});
