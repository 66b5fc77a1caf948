import { describe, expect, it } from 'vitest';
import { isProxiedPath } from './lobby.ts';

describe('the lobby proxy', () => {
  it('forwards the platform paths, with or without a query', () => {
    for (const path of ['/graphql', '/graphql?query={ping}', '/api/graphql', '/api/feed?brand=aurelia', '/media/games/x.svg', '/auth/realms/aurelia/protocol/openid-connect/auth', '/platform/sms-outbox']) {
      expect(isProxiedPath(path), path).toBe(true);
    }
  });

  it('keeps the lobby pages, and look-alike paths, in the lobby', () => {
    for (const path of ['/', '/en/', '/graphqlx', '/en/graphql', '/api/other', '/mediax/', '/authors/', '/internal/ui/', '/brand-assets/aurelia/logo.svg']) {
      expect(isProxiedPath(path), path).toBe(false);
    }
  });
});
