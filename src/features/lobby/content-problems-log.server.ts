/**
 * The lobby's log of a brand's content problems, as the platform's own log words them: a broken save
 * is logged once when first seen ("serving the last good version"), and once more when it is gone
 * ("<file> is valid again: serving the fixed version"). A folder notice (a brand on the starter lobby
 * or starter legal texts) is news, not a fault: logged when it appears and when the brand's own
 * content replaces it. The lobby sees the problems with every layout it loads and on the status page.
 */
import type { ContentProblem } from './layout.server.ts';

/** Per brand, the problems last logged: file → message. */
const logged = new Map<string, Map<string, string>>();

/** Logs what changed in a brand's content problems since the last list the lobby saw. */
export function noteContentProblems(brandId: string, problems: readonly Pick<ContentProblem, 'file' | 'message'>[]): void {
  const before = logged.get(brandId) ?? new Map<string, string>();
  const now = new Map(problems.map((problem) => [problem.file, problem.message]));
  for (const [file, message] of now) {
    if (before.get(file) === message) continue;
    if (file.endsWith('/')) console.log(`[lobby] ${message}`);
    else console.warn(`[lobby] content problem, serving the last good version: ${message}`);
  }
  for (const file of before.keys()) {
    if (now.has(file)) continue;
    if (file.endsWith('/')) console.log(`[lobby] ${file} has the brand's own content now: the starter content is no longer served`);
    else console.log(`[lobby] ${file} is valid again: serving the fixed version`);
  }
  if (now.size > 0) logged.set(brandId, now);
  else logged.delete(brandId);
}
