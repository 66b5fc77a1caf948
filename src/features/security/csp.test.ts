import { describe, expect, it } from 'vitest';
import { CSP_BASE_DIRECTIVES, CSP_STYLE_RESOURCES, frameSrcDirective, inlineScriptHash, parseFrameOrigins, withOriginOf, withPageScriptHashes } from './csp.ts';

describe('the lobby CSP', () => {
  it('forbids plugins, foreign base URLs and foreign framing, and never allows inline scripts', () => {
    const policy = CSP_BASE_DIRECTIVES.join('; ');
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(CSP_STYLE_RESOURCES).toContain("'self'");
  });

  it('lets pages frame the platform, the game server and configured origins only, each once', () => {
    expect(
      frameSrcDirective({
        platformUrl: 'http://127.0.0.1:4322/',
        gameServerOrigin: 'https://games.example.com',
        extraOrigins: ['https://pay.example.com', 'https://games.example.com'],
      }),
    ).toBe("frame-src 'self' http://127.0.0.1:4322 https://games.example.com https://pay.example.com");
  });

  it('leaves out an unknown game origin and anything that is not http(s)', () => {
    expect(frameSrcDirective({ platformUrl: 'http://127.0.0.1:4322', gameServerOrigin: null, extraOrigins: ['javascript:alert(1)'] })).toBe(
      "frame-src 'self' http://127.0.0.1:4322",
    );
  });

  it('reads ATRIUM_FRAME_ORIGINS as a list of origins and names a bad entry', () => {
    expect(parseFrameOrigins(undefined)).toEqual([]);
    expect(parseFrameOrigins('https://pay.example.com, https://widget.example.com/')).toEqual(['https://pay.example.com', 'https://widget.example.com']);
    expect(() => parseFrameOrigins('https://pay.example.com/checkout')).toThrow(/"https:\/\/pay.example.com\/checkout" is not an http\(s\) origin/);
    expect(() => parseFrameOrigins('pay.example.com')).toThrow(/ATRIUM_FRAME_ORIGINS entry "pay.example.com"/);
  });
});

describe('withPageScriptHashes', () => {
  const gate = 'window.gate=1';
  const parked = 'console.log("parked")';
  const other = 'window.other=1';
  const policy = `default-src 'self'; script-src 'self' '${inlineScriptHash(gate)}' '${inlineScriptHash(parked)}' '${inlineScriptHash(other)}'; style-src 'self' 'unsafe-inline'`;
  const html = `<head><script>${gate}</script><script type="module" src="/_astro/a.js"></script>`
    + `<script type="application/json" id="cfg">{"a":1}</script></head><body><template data-after-paint><script>${parked}</script></template></body>`;

  it('keeps the hashes of the inline scripts on the page, parked ones included, and drops the rest', () => {
    const narrowed = withPageScriptHashes(policy, html);
    expect(narrowed).toBe(`default-src 'self'; script-src 'self' '${inlineScriptHash(gate)}' '${inlineScriptHash(parked)}'; style-src 'self' 'unsafe-inline'`);
  });

  it('leaves only self for a page without inline scripts', () => {
    expect(/script-src[^;]*/.exec(withPageScriptHashes(policy, '<p>plain</p>'))?.[0]).toBe("script-src 'self'");
  });
});

describe("an operator's error-reporting and live-chat origins", () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-x'; connect-src 'self'; img-src 'self'";
  it("adds a DSN's origin (without its key) to connect-src and leaves the sandbox default alone", () => {
    expect(withOriginOf(policy, 'connect-src', 'https://public@o1.ingest.example.io/42')).toBe("default-src 'self'; script-src 'self' 'sha256-x'; connect-src 'self' https://o1.ingest.example.io; img-src 'self'");
    expect(withOriginOf(policy, 'connect-src', 'sandbox')).toBe(policy);
    expect(withOriginOf(policy, 'connect-src', 'off')).toBe(policy);
  });
  it("adds a chat script's origin to script-src once, and leaves a same-origin path alone", () => {
    const once = withOriginOf(policy, 'script-src', 'https://static.chat.example/snippet.js?key=1');
    expect(once).toBe("default-src 'self'; script-src 'self' 'sha256-x' https://static.chat.example; connect-src 'self'; img-src 'self'");
    expect(withOriginOf(once, 'script-src', 'https://static.chat.example/other.js')).toBe(once);
    expect(withOriginOf(policy, 'script-src', '/platform/live-chat/widget.js')).toBe(policy);
  });
});
