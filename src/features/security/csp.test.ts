import { describe, expect, it } from 'vitest';
import { CSP_BASE_DIRECTIVES, CSP_STYLE_RESOURCES, frameSrcDirective, parseFrameOrigins } from './csp.ts';

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
