/**
 * The pure half of the editors' generated forms: which widget a JSON Schema node gets (the platform's
 * operatorContentSchema, generated from the content store's zod schemas, with x-widget hints), how a
 * value is read and written at a path without losing its siblings, the smallest value a new block or
 * list item starts from, and which of the store's problems belong to which field.
 */

/** The parts of a JSON Schema (draft 2020-12, as zod writes it) the forms read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  format?: string;
  minItems?: number;
  maxItems?: number;
  'x-widget'?: string;
}

/** A step of a path into a document: an object's key or an array's index. */
export type PathStep = string | number;

/** The widget a schema node is edited with. */
export type FieldKind =
  | 'localised' | 'text' | 'html' | 'image' | 'href' | 'date' | 'number' | 'boolean' | 'select'
  | 'checkboxes' | 'object' | 'record' | 'list' | 'choice' | 'alternatives' | 'fixed' | 'json';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The branches of a union node. */
export function branchesOf(schema: JsonSchema): JsonSchema[] {
  return schema.oneOf ?? schema.anyOf ?? [];
}

/** The property whose const tells a union's object branches apart (action.type), or null. */
export function discriminatorOf(schema: JsonSchema): string | null {
  const branches = branchesOf(schema);
  const first = branches[0]?.properties;
  if (!first) return null;
  const key = Object.keys(first).find((name) => branches.every((branch) => branch.properties?.[name]?.const !== undefined));
  return key ?? null;
}

/** The widget of a schema node; 'json' for a shape the generator does not render. */
export function fieldKind(schema: JsonSchema): FieldKind {
  const widget = schema['x-widget'];
  if (widget === 'localised' || widget === 'localisedHtml') return 'localised';
  if (schema.const !== undefined) return 'fixed';
  if (schema.oneOf || schema.anyOf) {
    if (discriminatorOf(schema)) return 'choice';
    const kinds = branchesOf(schema).map(fieldKind);
    return kinds.every((kind) => kind !== 'json' && kind !== 'choice' && kind !== 'alternatives') ? 'alternatives' : 'json';
  }
  if (schema.enum) return 'select';
  switch (schema.type) {
    case 'string':
      if (widget === 'html') return 'html';
      if (widget === 'image') return 'image';
      if (widget === 'internalHref') return 'href';
      return schema.format === 'date' ? 'date' : 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      if (!schema.items) return 'json';
      return schema.items.enum ? 'checkboxes' : 'list';
    case 'object':
      if (schema.properties) return 'object';
      if (isObject(schema.additionalProperties) && fieldKind(schema.additionalProperties) !== 'json') return 'record';
      return 'json';
    default:
      return 'json';
  }
}

/** The branch of a union a value is edited with: by its discriminator, else by its shape (a localised map for an object). */
export function branchFor(schema: JsonSchema, value: unknown): JsonSchema {
  const branches = branchesOf(schema);
  const key = discriminatorOf(schema);
  if (key) return branches.find((branch) => isObject(value) && branch.properties?.[key]?.const === value[key]) ?? branches[0]!;
  const objectBranch = branches.find((branch) => branch.type === 'object' || branch['x-widget'] !== undefined);
  if (isObject(value) || value === undefined) return objectBranch ?? branches[0]!;
  return branches.find((branch) => branch.type === typeof value) ?? branches[0]!;
}

/** The value at path, or undefined. */
export function getAt(value: unknown, path: readonly PathStep[]): unknown {
  let here = value;
  for (const step of path) {
    if (Array.isArray(here) && typeof step === 'number') here = here[step];
    else if (isObject(here)) here = here[String(step)];
    else return undefined;
  }
  return here;
}

/**
 * The value with next at path (a copy; the rest untouched). Undefined removes an object's key, and an
 * object property left with no keys is removed too, so clearing an optional field leaves no empty
 * object behind for the store to refuse. Array items are never removed here.
 */
export function setAt(value: unknown, path: readonly PathStep[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [step, ...rest] = path as [PathStep, ...PathStep[]];
  let child = setAt(getAt(value, [step]), rest, next);
  if (typeof step === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[step] = child;
    return list;
  }
  if (rest.length > 0 && isObject(child) && Object.keys(child).length === 0) child = undefined;
  const object: Record<string, unknown> = isObject(value) ? { ...value } : {};
  if (child === undefined) delete object[step];
  else object[step] = child;
  return object;
}

/** The smallest value of a schema node a new block or item starts from: its required parts, empty, for the editor to fill. */
export function skeleton(schema: JsonSchema): unknown {
  const kind = fieldKind(schema);
  switch (kind) {
    case 'localised':
      return { en: '' };
    case 'fixed':
      return schema.const;
    case 'choice':
    case 'alternatives':
      return skeleton(branchFor(schema, undefined));
    case 'select':
      return schema.default ?? schema.enum?.[0];
    case 'boolean':
      return schema.default ?? false;
    case 'number':
      return schema.default ?? 0;
    case 'checkboxes':
      return (schema.minItems ?? 0) > 0 ? [schema.items?.enum?.[0]] : [];
    case 'list':
      return (schema.minItems ?? 0) > 0 && schema.items ? [skeleton(schema.items)] : [];
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property) object[name] = skeleton(property);
      }
      return object;
    }
    case 'record':
      return {};
    case 'json':
      return null;
    default:
      return '';
  }
}

/** A schema key as a label: "listOfGamesSlug" → "List of games slug". */
export function humanise(key: string): string {
  const words = key.replace(/^\$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A path as the store names fields: blocks.0.title.en. */
export function pathKey(path: readonly PathStep[]): string {
  return path.join('.');
}

/** The problems a field shows: those at its path and, for a field with no fields inside (localised, JSON), deeper. */
export function issuesAt<I extends { path?: string | null }>(issues: readonly I[], path: readonly PathStep[], deep: boolean): I[] {
  const key = pathKey(path);
  return issues.filter((issue) => issue.path === key || (deep && (issue.path ?? '').startsWith(`${key}.`)));
}

/** An element id for a field at path, unique on the page. */
export function fieldId(prefix: string, path: readonly PathStep[]): string {
  return `${prefix}-${path.map((step) => String(step).replace(/[^A-Za-z0-9_-]/g, '_')).join('-') || 'root'}`;
}

/** An id for a new block of a type that no block of the layout uses yet: promotion-v2-2. */
export function newBlockId(type: string, taken: readonly string[]): string {
  const base = type.toLowerCase().replace(/_/g, '-');
  for (let number = 1; ; number += 1) {
    const id = `${base}-${number}`;
    if (!taken.includes(id)) return id;
  }
}

/** Ids a control is described by (aria-describedby): its hint and its errors, when present. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(' ') : undefined;
}
