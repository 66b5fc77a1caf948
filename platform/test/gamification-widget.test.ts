/**
 * The gamification provider's embeddable widget page, its token endpoint's rate limit, and which
 * deposits count for deposit missions (cashier deposits do; the pay-and-play bank deposit made while
 * signing in does not).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlayer } from '../src/players/repository.ts';
import { bearer, DATABASES, startPlatform, UNLIMITED_RATE_RULES, type TestPlatform } from './helpers.ts';
import { provider, providerToken } from './gamification-support.ts';
import { jackpotPlayer } from './jackpot-support.ts';

const LOBBY = 'http://aurelia.localhost:4321';

describe.each(DATABASES)('the gamification widget and token limits on $name', (database) => {
  let app: TestPlatform;

  beforeAll(async () => {
    app = await startPlatform(database, {
      rateRules: { ...UNLIMITED_RATE_RULES, gamification: { perSubject: { limit: 3, windowSeconds: 600 }, perAddress: { limit: 1000, windowSeconds: 600 } } },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('serves the widget in the lobby\'s locale, framed only by the brand\'s lobby and posting only to it', async () => {
    const response = await fetch(`${app.url}/gamification-service/widget/?brand=aurelia&locale=de&view=missions&origin=${encodeURIComponent(LOBBY)}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors http://aurelia.localhost:* https://aurelia.localhost:*');
    expect(csp).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Missionen</h1>');
    const config = JSON.parse(/<script type="application\/json" id="widget-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as Record<string, any>;
    expect(config).toMatchObject({ brand: 'aurelia', locale: 'de', view: 'missions', lobbyOrigin: LOBBY, providerPath: '/gamification-service/' });
    expect(config.texts.noMissions).toBe('Gerade laufen keine Missionen.');
    // The script checks the sender's origin and window before it reads a message.
    expect(html).toContain('event.origin !== config.lobbyOrigin || event.source !== window.parent');
  });

  it('falls back to the brand\'s language, and refuses an unknown view or a foreign lobby origin with a 400 that says what to use', async () => {
    const japanese = await fetch(`${app.url}/gamification-service/widget/?brand=aurelia&locale=ja&view=settings&origin=${encodeURIComponent(LOBBY)}`);
    expect(await japanese.text()).toContain('<html lang="en">');
    const view = await fetch(`${app.url}/gamification-service/widget/?brand=aurelia&locale=en&view=shop&origin=${encodeURIComponent(LOBBY)}`);
    expect(view.status).toBe(400);
    expect(await view.text()).toContain('view &#34;shop&#34; is unknown: use one of missions, tournaments, settings');
    const foreign = await fetch(`${app.url}/gamification-service/widget/?brand=aurelia&locale=en&view=missions&origin=${encodeURIComponent('https://evil.example')}`);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('is not an http(s) origin on');
    const brand = await fetch(`${app.url}/gamification-service/widget/?brand=nobody&view=missions`);
    expect(brand.status).toBe(400);
  });

  it('does not count a pay-and-play deposit for the deposit mission; a cashier deposit does', async () => {
    const row = await findPlayer(app.platform.db, 'aurelia', 'aurelia-verified', 'bank-identity');
    if (!row) throw new Error('the sandbox bank person aurelia-verified is no demo player');
    const session = await app.platform.services.auth.startSession({ playerId: row.id, brand: 'aurelia', flow: 'sms', passwordless: true });
    const { rows: wallets } = await app.platform.db.query<{ currency: string }>('select currency from wallets where id = $1', [row.wallet_id]);
    const player = { id: row.id, walletId: row.wallet_id as string, currency: wallets[0]?.currency ?? 'EUR', token: session.accessToken, sid: session.sessionId };
    await providerToken(app, player);
    const progress = async () => {
      const { rows } = await app.platform.db.query<{ progress: string }>(
        `select progress::text from gamification_mission_progress where player_id = $1 and mission_id = 'first-deposit'`, [player.id],
      );
      return rows[0]?.progress ?? '0';
    };
    const bank = await fetch(`${app.url}/platform/sandbox/trustly/`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ brand: 'aurelia', locale: 'en', returnUrl: `${LOBBY}/en/trustly-login-handler/`, person: 'aurelia-verified', amount: '25.00', orderId: `gw-${randomUUID()}` }).toString(),
    });
    expect(bank.status).toBe(303);
    const { rows } = await app.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where wallet_id = $1 and kind = 'Deposit' and metadata->>'payAndPlay' = 'true'`, [player.walletId]);
    expect(rows[0]?.n, 'the bank deposit reached the wallet').toBeGreaterThan(0);
    expect(await progress()).toBe('0');
    const cashier = app.platform.services.cashier;
    const payment = await cashier.initiateDeposit(player.id, { amount: '20.00', currency: player.currency, provider: 'trustly', idempotencyKey: `gw-deposit-${randomUUID()}` });
    await cashier.providerReports(payment.id, 'Completed', { account: cashier.accountsFor('trustly', { id: player.id, first_name: row.first_name ?? null, last_name: row.last_name ?? null })[0] ?? null });
    expect(await progress()).toBe('1');
  });

  it('seeds a demo player for each gamification condition no other demo player covers', async () => {
    const query = '{ viewer { player { isPlayerBlockedInGamanza sourceOfWealthStatus { dueDateExpired } } } }';
    const blocked = await jackpotPlayer(app, 'gamification-blocked');
    const expired = await jackpotPlayer(app, 'sow-expired');
    expect((await app.gql(query, {}, bearer(blocked.token))).data.viewer.player).toEqual({ isPlayerBlockedInGamanza: true, sourceOfWealthStatus: { dueDateExpired: false } });
    expect((await app.gql(query, {}, bearer(expired.token))).data.viewer.player).toEqual({ isPlayerBlockedInGamanza: false, sourceOfWealthStatus: { dueDateExpired: true } });
  });

  it('limits provider tokens per player, answering 429 with Retry-After, while another player still gets one', async () => {
    const limited = await jackpotPlayer(app, 'banking-cdd');
    for (let i = 0; i < 3; i += 1) expect((await provider(app, 'token', { body: { clientId: 'aurelia-lobby', identityToken: limited.token } })).status).toBe(200);
    const response = await fetch(`${app.url}/gamification-service/v1/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId: 'aurelia-lobby', identityToken: limited.token }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('Too many gamification token requests');
    const other = await jackpotPlayer(app, 'wallet-eur');
    expect((await provider(app, 'token', { body: { clientId: 'aurelia-lobby', identityToken: other.token } })).status).toBe(200);
  });
});
