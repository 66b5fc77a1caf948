/**
 * Shared wording for configuration errors: every file the platform reads (brands, content,
 * translations, the IP table) reports problems as `<file>: field "<path>": <what is wrong>`.
 */
import { relative } from 'node:path';
import type { z } from 'zod';

/** Parse options that call a missing required field "is required" instead of zod's type or "Invalid option" message. */
export const friendlyErrors = {
  error: (issue: { code: string; input?: unknown }) =>
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined ? 'is required' : undefined,
};

/** Formats zod issues as `field "a.b": message`, optionally under a path prefix. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: string[] = []): string[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path.map(String)].join('.');
    return `${path ? `field "${path}"` : 'file'}: ${issue.message}`;
  });
}

/** A file path as people want to read it: relative inside the working directory, else absolute. */
export function displayPath(file: string): string {
  const shown = relative(process.cwd(), file);
  return shown && !shown.startsWith('..') ? shown : file;
}
