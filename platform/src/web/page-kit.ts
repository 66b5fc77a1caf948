/**
 * Inlines a platform page's script with the shared page kit (page-kit.client.js: texts and Intl
 * formats) in one scope, so both pages format money the same way and nothing lands on window.
 */
import { readFileSync } from 'node:fs';

const PAGE_KIT = readFileSync(new URL('./page-kit.client.js', import.meta.url), 'utf8');

/** The inline script of a page: the kit, then the page's own script, inside one function scope. */
export function withPageKit(script: string): string {
  return `(() => {\n${PAGE_KIT}\n${script}\n})();`;
}
