/**
 * Writes the brand folder's schema (shared/brand-schema.ts, the one the lobby and the platform both
 * validate with) as JSON Schema to docs/brand.schema.json and docs/theme.schema.json, so editors
 * validate and complete brand files through their `"$schema"` key:
 *   npx node scripts/brand-schema.ts
 * A test (scripts/brand-schema.test.ts) fails when the committed files are stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BRAND_SCHEMA_DOC, brandSettingsSchema, THEME_SCHEMA_DOC, themeSettingsSchema } from '../shared/brand-schema.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The JSON Schema of one brand file, as written to docs/. Input shape: fields with a default are optional. */
export function jsonSchemaOf(file: 'brand.json' | 'theme.json'): Record<string, unknown> {
  const schema = file === 'brand.json' ? brandSettingsSchema : themeSettingsSchema;
  const { $schema, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return {
    $schema,
    $comment: 'Generated from shared/brand-schema.ts by `npx node scripts/brand-schema.ts`; do not edit.',
    title: `Atrium brands/<id>/${file}`,
    ...rest,
  };
}

/** Each generated file (absolute path) and its text. */
export function brandSchemaDocs(): { file: string; text: string }[] {
  return [
    { file: path.join(root, BRAND_SCHEMA_DOC), text: `${JSON.stringify(jsonSchemaOf('brand.json'), null, 2)}\n` },
    { file: path.join(root, THEME_SCHEMA_DOC), text: `${JSON.stringify(jsonSchemaOf('theme.json'), null, 2)}\n` },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, text } of brandSchemaDocs()) {
    writeFileSync(file, text);
    console.log(`Wrote ${path.relative(root, file)}`);
  }
}
