/**
 * Sanitises rich text from the CMS before it is rendered. Editors write a little HTML (paragraphs,
 * emphasis, lists, links); nothing from content may run: no script, no event handler, no
 * `javascript:` or `data:` URL, no styles or frames. Internal links get the locale prefix.
 */
import sanitizeHtml from 'sanitize-html';
import { localePath, type PathContext } from '../../paths.ts';

const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'span', 'small'];

/**
 * Returns safe HTML for a CMS rich-text field. A whole document (a legal text, under the page's
 * h1) may use h2 for its sections as well; a block's text sits under the block's own heading.
 */
export function sanitizeRichText(html: string, paths: PathContext, kind: 'block' | 'document' = 'block'): string {
  return sanitizeHtml(html, {
    allowedTags: kind === 'document' ? ['h2', ...RICH_TEXT_TAGS] : RICH_TEXT_TAGS,
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const internal = /^\/(?!\/)[A-Za-z0-9._~\/-]*\/?(?:[?#]\S*)?$/.test(href);
        const next: Record<string, string> = {};
        if (internal) {
          const [pathPart = '/', rest = ''] = href.split(/(?=[?#])/);
          next.href = `${localePath(paths, pathPart)}${rest}`;
        } else if (/^(https:|mailto:)/i.test(href)) {
          next.href = href;
          next.rel = 'noopener noreferrer';
          if (attribs.target === '_blank') next.target = '_blank';
        }
        if (attribs.title) next.title = attribs.title;
        return { tagName, attribs: next };
      },
    },
  });
}
