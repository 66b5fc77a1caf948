/**
 * The heading element for a level (spec section 8's developer error: a heading level outside 1 to 6).
 * A component that lets its caller choose its heading level, or nests a sub-heading one level below
 * it, takes its tag from here, so a level that HTML has no element for stops the render with a
 * message naming the level and the fix, where a template string would write an `<h7>` or `<h0>`
 * that browsers and screen readers treat as plain text.
 */

/** The six heading levels HTML has. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** The heading tag of `level`; a level outside 1 to 6 (or not a whole number) is a developer error. */
export function headingTag(level: number): `h${HeadingLevel}` {
  if (!Number.isInteger(level) || level < 1 || level > 6) {
    throw new Error(`Heading level ${level} is outside 1 to 6: HTML has only <h1> to <h6>. Pass a whole number from 1 to 6 (a nested heading is one level below its parent, so its parent's level must be at most 5).`);
  }
  return `h${level as HeadingLevel}`;
}
