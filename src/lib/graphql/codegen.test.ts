/**
 * The generated GraphQL types are committed: this fails when they no longer match the schema
 * (platform/schema.graphql, itself checked against the code in platform/test/graphql-http.test.ts)
 * or the lobby's operations (src/**\/*.graphql). Regenerate with `npm run codegen`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../../codegen.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('generated GraphQL types', () => {
  it('match the schema and the operations (regenerate with npm run codegen)', async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...config, cwd: ROOT, silent: true, verbose: false }, false);
    expect(outputs.map((output) => resolve(ROOT, output.filename)).sort()).toEqual(
      Object.keys(config.generates).map((file) => resolve(ROOT, file)).sort(),
    );
    for (const output of outputs) {
      expect(readFileSync(resolve(ROOT, output.filename), 'utf8'), `${output.filename} is stale: run npm run codegen`).toBe(output.content);
    }
  }, 60_000);
});
