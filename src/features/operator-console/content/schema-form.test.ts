import { describe, expect, it } from 'vitest';
import { branchFor, fieldKind, getAt, humanise, issuesAt, newBlockId, setAt, skeleton, type JsonSchema } from './schema-form.ts';

const localised: JsonSchema = { type: 'object', properties: { en: { type: 'string' }, fi: { type: 'string' } }, required: ['en'], 'x-widget': 'localised' };
const card: JsonSchema = { type: 'object', properties: { id: { type: 'string' }, title: localised, href: { type: 'string', 'x-widget': 'internalHref' } }, required: ['id', 'title'] };

describe('the editors\' generated forms', () => {
  it('pick a widget from the schema and its x-widget hints', () => {
    expect(fieldKind(localised)).toBe('localised');
    expect(fieldKind({ type: 'string', 'x-widget': 'html' })).toBe('html');
    expect(fieldKind({ type: 'string', 'x-widget': 'image' })).toBe('image');
    expect(fieldKind({ type: 'string', format: 'date' })).toBe('date');
    expect(fieldKind({ type: 'string', enum: ['default', 'small'] })).toBe('select');
    expect(fieldKind({ type: 'array', items: { type: 'string', enum: ['mega', 'minor'] } })).toBe('checkboxes');
    expect(fieldKind({ type: 'array', items: card })).toBe('list');
    expect(fieldKind({ type: 'object', additionalProperties: card })).toBe('record');
    expect(fieldKind({ anyOf: [{ type: 'string' }, localised] })).toBe('alternatives');
    expect(fieldKind({ oneOf: [{ type: 'object', properties: { type: { const: 'A' } } }, { type: 'object', properties: { type: { const: 'B' } } }] })).toBe('choice');
    // A shape the generator cannot render falls back to JSON.
    expect(fieldKind({})).toBe('json');
    expect(fieldKind({ type: 'object', additionalProperties: {} })).toBe('json');
  });

  it('write a value at a path without touching its siblings, and drop an optional object left empty', () => {
    const block = { id: 'hero', title: { en: 'Hi', fi: 'Moi' }, image: { alt: { en: 'A' } } };
    expect(setAt(block, ['title', 'fi'], 'Hei')).toEqual({ ...block, title: { en: 'Hi', fi: 'Hei' } });
    expect(setAt(block, ['image', 'alt', 'en'], undefined)).toEqual({ id: 'hero', title: block.title });
    expect(block.title.fi).toBe('Moi');
    const layout = { blocks: [{ id: 'a' }, { id: 'b' }] };
    expect(setAt(layout, ['blocks', 1, 'id'], 'c')).toEqual({ blocks: [{ id: 'a' }, { id: 'c' }] });
    expect(getAt(layout, ['blocks', 1, 'id'])).toBe('b');
  });

  it('start a new item from its required parts', () => {
    expect(skeleton(card)).toEqual({ id: '', title: { en: '' } });
    expect(skeleton({ type: 'array', items: { type: 'string', enum: ['hourly', 'daily'] }, minItems: 1 })).toEqual(['hourly']);
    expect(skeleton({ type: 'array', items: card, minItems: 1 })).toEqual([{ id: '', title: { en: '' } }]);
  });

  it('edit a union by its discriminator or by the value\'s shape', () => {
    const union: JsonSchema = { anyOf: [{ type: 'string' }, localised] };
    expect(branchFor(union, 'plain')).toEqual({ type: 'string' });
    expect(branchFor(union, { en: 'x' })).toBe(localised);
  });

  it('give each field its own problems, a localised field those of its locales too', () => {
    const issues = [{ path: 'blocks.0.title.en', message: 'required' }, { path: 'blocks.0.title', message: 'x' }, { path: 'blocks.1', message: 'y' }, { path: null, message: 'z' }];
    expect(issuesAt(issues, ['blocks', 0, 'title'], true).map((issue) => issue.message)).toEqual(['required', 'x']);
    expect(issuesAt(issues, ['blocks', 0, 'title'], false).map((issue) => issue.message)).toEqual(['x']);
  });

  it('name labels and new blocks readably', () => {
    expect(humanise('listOfGamesSlug')).toBe('List of games slug');
    expect(newBlockId('PROMOTION_V2', ['promotion-v2-1'])).toBe('promotion-v2-2');
  });
});
