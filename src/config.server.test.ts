import { afterEach, describe, expect, it } from 'vitest';
import { errorReportingDsn, liveChatScriptUrl, productionStandIns, SANDBOX_LIVE_CHAT_SCRIPT, sandboxMode } from './config.server.ts';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['PLATFORM_ENABLE_SANDBOX_ADMIN', 'ERROR_REPORTING_DSN', 'LIVE_CHAT_SCRIPT_URL']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the one sandbox switch, on the lobby', () => {
  it('uses the platform’s stand-ins by default only in the sandbox; production defaults to none', () => {
    delete process.env.ERROR_REPORTING_DSN;
    delete process.env.LIVE_CHAT_SCRIPT_URL;
    process.env.PLATFORM_ENABLE_SANDBOX_ADMIN = '1';
    expect(sandboxMode()).toBe(true);
    expect(errorReportingDsn()).toBe('sandbox');
    expect(liveChatScriptUrl()).toBe(SANDBOX_LIVE_CHAT_SCRIPT);
    process.env.PLATFORM_ENABLE_SANDBOX_ADMIN = '0';
    expect(sandboxMode()).toBe(false);
    expect(errorReportingDsn()).toBe('off');
    expect(liveChatScriptUrl()).toBeNull();
    delete process.env.PLATFORM_ENABLE_SANDBOX_ADMIN;
    expect(sandboxMode()).toBe(false);
    // An operator's own services stay theirs in either mode.
    process.env.LIVE_CHAT_SCRIPT_URL = 'https://chat.example.com/widget.js';
    expect(liveChatScriptUrl()).toBe('https://chat.example.com/widget.js');
  });

  it('names each setting that points production at a sandbox stand-in', () => {
    expect(productionStandIns({ ERROR_REPORTING_DSN: 'sandbox', ANALYTICS_TAGS: ' sandbox ', LIVE_CHAT_SCRIPT_URL: SANDBOX_LIVE_CHAT_SCRIPT })).toEqual([
      'ERROR_REPORTING_DSN=sandbox', 'ANALYTICS_TAGS=sandbox', `LIVE_CHAT_SCRIPT_URL=${SANDBOX_LIVE_CHAT_SCRIPT}`,
    ]);
    expect(productionStandIns({ ERROR_REPORTING_DSN: 'https://key@errors.example.com/1', ANALYTICS_TAGS: 'real' })).toEqual([]);
  });
});
