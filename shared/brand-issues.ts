/**
 * How a broken brand file is reported, on both sides: the lobby (start-up check and live reload) and
 * the platform word every schema problem the same way, naming the file, the field and the fix, and
 * pointing at the published JSON Schema (docs/brand.schema.json, docs/theme.schema.json) where the
 * fields are described.
 */
import type { z } from 'zod';

/** The value at a zod issue's path in the raw file, to tell a missing field from a wrong one. */
function valueAt(raw: unknown, keys: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** What a missing field should hold, from the issue zod raised for it. */
function expectation(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'array') return 'a list';
    if (issue.expected === 'object') return 'an object';
    return `a ${issue.expected}`;
  }
  return 'a value';
}

/**
 * One line per problem of a brand file that failed its schema, `field "<path>" …` with what is wrong
 * and what to write instead; callers put the file's name in front. `doc` is the JSON Schema that
 * describes the file's fields.
 */
export function describeBrandIssues(doc: string, error: z.ZodError, raw: unknown): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((key) => `"${key}"`).join(', ');
      const where = field ? `field "${field}" has` : 'the file has';
      return `${where} unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}: remove ${issue.keys.length > 1 ? 'them' : 'it'} or correct the spelling (the fields are listed in ${doc})`;
    }
    const missing = issue.path.length > 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value') && valueAt(raw, issue.path) === undefined;
    if (missing) {
      const key = String(issue.path[issue.path.length - 1]);
      return `field "${field}" is missing: add "${key}" with ${expectation(issue)} (see ${doc})`;
    }
    if (issue.code === 'invalid_value' && issue.path.length > 0) {
      return `field "${field}" is ${JSON.stringify(valueAt(raw, issue.path))}: use ${expectation(issue)} (see ${doc})`;
    }
    return `${field ? `field "${field}"` : 'the whole file'}: ${issue.message}`;
  });
}
