/**
 * operatorContentSchema's JSON Schemas (issue 32, editors' forms): generated from the content store's
 * own zod schemas, they accept every document the demo brands ship and refuse what the store refuses
 * for shape (a misspelt field, a missing English text, an unknown block type), cover every block type,
 * and carry the x-widget hints the console picks its widgets by.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../src/content/blocks.ts';
import { contentJsonSchema } from '../src/content/json-schema.ts';
import { isEditableDocument } from '../src/content/store.ts';
import { CONTENT_DIR } from './helpers.ts';

type Schema = Record<string, any>;

/** Every editable document of every demo brand, by brand and path. */
function shippedDocuments(): { brand: string; path: string; json: unknown }[] {
  const found: { brand: string; path: string; json: unknown }[] = [];
  for (const brand of readdirSync(CONTENT_DIR).filter((name) => !name.startsWith('_'))) {
    const files = readdirSync(join(CONTENT_DIR, brand), { recursive: true, encoding: 'utf8' });
    for (const path of files.map((file) => file.split('\\').join('/')).filter(isEditableDocument)) {
      found.push({ brand, path, json: JSON.parse(readFileSync(join(CONTENT_DIR, brand, path), 'utf8')) });
    }
  }
  return found;
}

/** A validator of the document at path (x-widget is an annotation ajv should know about). */
function validatorOf(path: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addKeyword('x-widget');
  return ajv.compile(contentJsonSchema(path));
}

const blockSchema = (type: string): Schema =>
  (contentJsonSchema('layout.json') as Schema).properties.blocks.items.oneOf.find((branch: Schema) => branch.properties.type.const === type);

describe('the content documents\' JSON Schemas', () => {
  it('accept every document the demo brands ship', () => {
    const documents = shippedDocuments();
    expect(documents.length).toBeGreaterThan(40);
    for (const { brand, path, json } of documents) {
      const validate = validatorOf(path);
      expect(validate(json), `${brand}/${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  it('refuse what the store refuses for shape: a misspelt field, a missing English text, an unknown block type', () => {
    const layout = JSON.parse(readFileSync(join(CONTENT_DIR, 'aurelia', 'layout.json'), 'utf8'));
    const validate = validatorOf('layout.json');
    const hero = layout.blocks[0];
    expect(validate({ ...layout, blocks: [{ ...hero, titel: hero.title }] })).toBe(false);
    expect(validate({ ...layout, blocks: [{ ...hero, title: { fi: 'Tervetuloa' } }] })).toBe(false);
    expect(validate({ ...layout, blocks: [{ ...hero, type: 'CAROUSEL' }] })).toBe(false);
    expect(validate({ ...layout, blocks: [] })).toBe(false);
    expect(validate(layout)).toBe(true);
  });

  it('types each block of a layout by its type, for every block type', () => {
    for (const type of BLOCK_TYPES) {
      const schema = blockSchema(type);
      expect(schema, type).toBeDefined();
      expect(schema.required).toEqual(expect.arrayContaining(['id', 'type']));
    }
    // A field with a default is optional to an editor.
    expect(blockSchema('TOP_GAMES').required).not.toContain('variant');
    expect(blockSchema('TOP_GAMES').properties.variant.enum).toEqual(['default', 'small']);
  });

  it('marks the fields that need their own widget: localised texts, HTML, images and lobby paths', () => {
    const promotion = blockSchema('PROMOTION').properties;
    expect(promotion.title['x-widget']).toBe('localised');
    expect(promotion.html['x-widget']).toBe('localisedHtml');
    expect(promotion.href['x-widget']).toBe('internalHref');
    expect(blockSchema('BANNER_MANUAL').properties.image.properties.desktop['x-widget']).toBe('image');
    const card = blockSchema('PROMOTION_V2').properties.cards;
    expect(card.type).toBe('array');
    expect(card.items.properties.title['x-widget']).toBe('localised');
    const legal = (contentJsonSchema('legal/privacy-policy.json') as Schema).properties;
    expect(legal.body['x-widget']).toBe('localised');
    expect(legal.body.properties.en.items['x-widget']).toBe('html');
  });

  it('names the files it knows when asked for one editors do not write', () => {
    expect(() => contentJsonSchema('secrets.json')).toThrow(/no schema editors write/);
  });
});
