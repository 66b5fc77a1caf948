import { describe, expect, it } from 'vitest';
import { isAllowedLinkHref, storedHtml } from './rich-text.ts';

describe('isAllowedLinkHref', () => {
  it('accepts https: URLs, mailto: addresses and site paths', () => {
    expect(isAllowedLinkHref('https://www.example.com/help?x=1#a')).toBe(true);
    expect(isAllowedLinkHref('mailto:support@example.com')).toBe(true);
    expect(isAllowedLinkHref('/responsible-gaming/')).toBe(true);
    expect(isAllowedLinkHref('/promotions/?tab=all#top')).toBe(true);
    expect(isAllowedLinkHref('/')).toBe(true);
  });

  it('refuses other schemes, protocol-relative and relative addresses, spaces and empty text', () => {
    for (const href of ['http://example.com/', 'javascript:alert(1)', 'data:text/html,x', '//evil.example/', 'promotions/', 'https://', 'https:///x', 'https://exa mple.com', ' /games/', '/games /', 'mailto:', 'mailto:nobody', 'ftp://example.com', '']) {
      expect(isAllowedLinkHref(href), href).toBe(false);
    }
  });
});

describe('storedHtml', () => {
  it('stores the editor HTML, and nothing for an empty document', () => {
    expect(storedHtml('<p>Hi</p>', false)).toBe('<p>Hi</p>');
    expect(storedHtml('<p></p>', true)).toBeUndefined();
    expect(storedHtml('<p></p>', false)).toBeUndefined();
    expect(storedHtml('', false)).toBeUndefined();
  });
});
