import { readFileSync } from 'node:fs';
import { createClient } from 'graphql-ws';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REFRESH_REUSE_GRACE_SECONDS } from '../src/auth/sessions.ts';
import { DEMO_PLAYERS_FILE, demoPlayersDoc } from '../src/players/demo-players-doc.ts';
import { bearer, DATABASES, latestSmsCode, SANDBOX_KEY, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const VIEWER = `{ viewer { sessionId flow
  player { id playerId username accountStatus { status cause reopenByCustomerAllowed } country { code currency }
    numberOfDeposits totalDepositAmount hasFirstTimeDeposit canWithdraw areWithdrawalsBlocked bankingCDD
    isInstantBankingBlocked instantBankingBlock { activeFrom } selfExclusionDetails { exclusionEndsAt } timeouts { timeoutEndsAt }
    kycCheckStatus { status deadline verificationsMissing }
    sourceOfWealthStatus { status dueDate dueDateExpired requiredDocumentsUploadV2 { comment requestedFundingType } } }
  customer { popUpsNeeded isDepositsBlocked isRewardsBlocked }
  wallet { balance bonusBalance currency minDepositAmount minWithdrawalAmount }
  recentlyPlayedGamesV2(maxRecentlyPlayedGames: 3) { gameId isLiveCasinoGame game { slug } gameDescriptorV2 { json } } } }`;

describe('demo players document', () => {
  it('matches platform/DEMO-PLAYERS.md (regenerate with npx node platform/src/players/demo-players-doc.ts)', () => {
    expect(readFileSync(DEMO_PLAYERS_FILE, 'utf8')).toBe(demoPlayersDoc());
  });
});

describe.each(DATABASES)('sessions, tokens and SMS login on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database, { auth: { accessTokenTtlSeconds: 2, smsResendCooldownSeconds: 0, enableSandboxAdmin: true } });
  });
  afterAll(() => app?.close());

  // The lobby's end-to-end session test moves the browser's clock to its refresh instead of waiting
  // for a real expiry; what only a real expiry shows, a running subscription outliving its socket's
  // token on the platform's clock, is checked here with two-second tokens.
  it('keeps a running subscription streaming after the access token it connected with has expired', async () => {
    const tokens = await signInBySms(app, '+358401119988');
    const client = createClient({ url: `${app.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { accessToken: tokens.accessToken }, retryAttempts: 0, lazy: false, onNonLazyError: () => {} });
    try {
      const updates = client.iterate<{ balanceUpdated: { amount: string } }>({ query: 'subscription Wallet { balanceUpdated { amount } }' });
      const first = updates.next();
      const { exp } = decodeJwt(tokens.accessToken);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (exp as number) * 1000 - Date.now()) + 500));
      expect((await app.gql(VIEWER, {}, bearer(tokens.accessToken))).status).toBe(401);
      const credit = await app.gql('mutation { sandboxCreditWallet(playerId: "+358401119988", amount: "1.25", currency: "EUR", idempotencyKey: "expiry:1") { balance } }');
      expect(credit.errors).toBeUndefined();
      expect((await first).value?.data?.balanceUpdated.amount).toBe('1.25');
      await updates.return?.();
    } finally {
      await client.dispose();
    }
  });

  it('refuses player fields without a valid token: AuthenticationFailure and HTTP 401', async () => {
    for (const headers of [{}, bearer('not-a-token'), bearer('a.b.c')]) {
      const response = await app.gql(VIEWER, {}, headers);
      expect(response.status).toBe(401);
      expect(response.errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');
      expect(response.data?.viewer).toBeNull();
    }
    const zendesk = await app.gql('mutation { generateZendeskToken { token } }');
    expect(zendesk.status).toBe(401);
  });

  it('issues signed access tokens with the spec claims, which expire', async () => {
    const tokens = await signInBySms(app, '+3585550001');
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({ sid: tokens.sessionId, passwordless: true, flow: 'sms', brand: 'aurelia' });
    expect(typeof claims.player_id).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(2);
    const jwks = (await (await fetch(`${app.url}/platform/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys[0]?.kid).toBe(decodeProtectedHeader(tokens.accessToken).kid);
    const { importJWK } = await import('jose');
    await expect(jwtVerify(tokens.accessToken, await importJWK(jwks.keys[0] as never, 'RS256'))).resolves.toBeTruthy();

    const viewer = await app.gql(VIEWER, {}, bearer(tokens.accessToken));
    expect(viewer.status).toBe(200);
    expect(viewer.data.viewer).toMatchObject({
      sessionId: tokens.sessionId,
      flow: 'sms',
      player: { username: 'verified', numberOfDeposits: 3, totalDepositAmount: '250.00', hasFirstTimeDeposit: true, canWithdraw: true, accountStatus: { status: 'Open' } },
      wallet: { balance: '250.00', bonusBalance: '20.00', currency: 'EUR', minDepositAmount: '20.00', minWithdrawalAmount: '10.00' },
      customer: { popUpsNeeded: [], isDepositsBlocked: false },
    });
    expect(viewer.data.viewer.recentlyPlayedGamesV2).toHaveLength(3);
    expect(viewer.data.viewer.recentlyPlayedGamesV2[0].gameDescriptorV2.json.slug).toBe(viewer.data.viewer.recentlyPlayedGamesV2[0].game.slug);
    const country = await app.gql('{ countryContext { playerCountryCode havePlayerCountryCode } }', {}, bearer(tokens.accessToken));
    expect(country.data.countryContext).toEqual({ playerCountryCode: 'FI', havePlayerCountryCode: true });
    const zendesk = await app.gql('mutation { generateZendeskToken { token } }', {}, bearer(tokens.accessToken));
    expect(decodeJwt(zendesk.data.generateZendeskToken.token)).toMatchObject({ external_id: claims.player_id, scope: 'user' });
    // Another brand's header does not accept this brand's token.
    expect((await app.gql(VIEWER, {}, { ...bearer(tokens.accessToken), 'x-brand': 'mapleridge' })).errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');

    await new Promise((resolve) => setTimeout(resolve, 2200));
    const expired = await app.gql(VIEWER, {}, bearer(tokens.accessToken));
    expect(expired.status).toBe(401);
    expect(expired.errors?.[0]?.message).toMatch(/expired at .*RefreshAccessToken/);
  });

  /** The refresh tokens of a session's family that are neither used nor revoked: its live branches. */
  const liveRefreshTokens = async (sessionId: string) =>
    (await app.platform.db.query<{ live: number }>('select count(*)::int as live from refresh_tokens where session_id = $1 and used_at is null and revoked_at is null', [sessionId])).rows[0]?.live;

  it('gives a client that lost the answer the same successor: the same token again at once, its successor unused', async () => {
    const tokens = await signInBySms(app, '+3585551101');
    const refresh = 'mutation ($r: String!) { refreshAccessToken(refreshToken: $r) { accessToken refreshToken sessionId } }';
    const lostAnswer = await app.gql(refresh, { r: tokens.refreshToken });
    const again = await app.gql(refresh, { r: tokens.refreshToken });
    expect(again.errors).toBeUndefined();
    expect(again.data.refreshAccessToken.sessionId).toBe(tokens.sessionId);
    // No second branch: the repeat names the successor the first rotation made, and only it lives.
    expect(again.data.refreshAccessToken.refreshToken).toBe(lostAnswer.data.refreshAccessToken.refreshToken);
    expect(await liveRefreshTokens(tokens.sessionId)).toBe(1);
    expect((await app.gql(VIEWER, {}, bearer(again.data.refreshAccessToken.accessToken))).status).toBe(200);
    // The successor works once; once it is used, the old token is a leak again and ends the session.
    const next = await app.gql(refresh, { r: again.data.refreshAccessToken.refreshToken });
    expect(next.errors).toBeUndefined();
    const leaked = await app.gql(refresh, { r: tokens.refreshToken });
    expect(leaked.errors?.[0]?.message).toMatch(/already used/);
    expect((await app.gql(VIEWER, {}, bearer(next.data.refreshAccessToken.accessToken))).status).toBe(401);
  });

  it('answers ten parallel refreshes of one token with one successor: one live branch, which works once', async () => {
    const tokens = await signInBySms(app, '+3585551103');
    const refresh = 'mutation ($r: String!) { refreshAccessToken(refreshToken: $r) { accessToken refreshToken sessionId } }';
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.gql(refresh, { r: tokens.refreshToken })));
    expect(answers.map((answer) => answer.errors)).toEqual(Array(10).fill(undefined));
    const successors = new Set(answers.map((answer) => answer.data.refreshAccessToken.refreshToken as string));
    expect(successors.size).toBe(1);
    expect(await liveRefreshTokens(tokens.sessionId)).toBe(1);
    const [successor] = [...successors] as [string];
    const next = await app.gql(refresh, { r: successor });
    expect(next.errors).toBeUndefined();
    // The successor was used: presenting it again (past its own successor's use) is a leak.
    await app.gql(refresh, { r: next.data.refreshAccessToken.refreshToken });
    expect((await app.gql(refresh, { r: successor })).errors?.[0]?.message).toMatch(/already used/);
    expect(await liveRefreshTokens(tokens.sessionId)).toBe(0);
  });

  it('refuses a token presented again after the grace window, and revokes its family', async () => {
    {
      const tokens = await signInBySms(app, '+3585551102');
      const refresh = 'mutation ($r: String!) { refreshAccessToken(refreshToken: $r) { accessToken refreshToken } }';
      const rotated = await app.gql(refresh, { r: tokens.refreshToken });
      // Its rotation moved back past the grace window, as if the client came back later.
      await app.platform.db.query(`update refresh_tokens set used_at = used_at - interval '${REFRESH_REUSE_GRACE_SECONDS + 1} seconds' where used_at is not null and session_id = $1`, [tokens.sessionId]);
      const late = await app.gql(refresh, { r: tokens.refreshToken });
      expect(late.errors?.[0]?.message).toMatch(/already used/);
      // The whole family and the session are gone: the unused successor no longer refreshes, its access token no longer reads.
      expect(await liveRefreshTokens(tokens.sessionId)).toBe(0);
      expect((await app.gql(refresh, { r: rotated.data.refreshAccessToken.refreshToken })).errors?.[0]?.message).toMatch(/revoked/);
      expect((await app.gql(VIEWER, {}, bearer(rotated.data.refreshAccessToken.accessToken))).status).toBe(401);
    }
  });

  it('a destroyed session\'s refused refresh says why it ended, as SessionDestroyed did; a logout\'s says nothing more', async () => {
    const refresh = 'mutation ($r: String!) { refreshAccessToken(refreshToken: $r) { accessToken } }';
    const destroyed = await signInBySms(app, '+3585551103');
    await app.gql('mutation ($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: destroyed.sessionId });
    const refused = await app.gql(refresh, { r: destroyed.refreshToken });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'InvalidTokenFailure', sessionId: destroyed.sessionId, cause: 'AnotherDevice', until: null });

    const loggedOut = await signInBySms(app, '+3585551104');
    expect((await app.gql('mutation { logout { loggedOut } }', {}, bearer(loggedOut.accessToken))).errors).toBeUndefined();
    const plain = await app.gql(refresh, { r: loggedOut.refreshToken });
    expect(plain.errors?.[0]?.extensions.reason).toBe('InvalidTokenFailure');
    expect(plain.errors?.[0]?.extensions.cause).toBeUndefined();

    // A break taken on the phone: the laptop's refresh learns the break and its end.
    const laptop = await signInBySms(app, '+3585551105');
    const phone = await signInBySms(app, '+3585551105');
    const excluded = await app.gql('mutation { selfExclude(days: 180) { selfExclusionDetails { exclusionEndsAt } } }', {}, bearer(phone.accessToken));
    expect(excluded.errors).toBeUndefined();
    const onBreak = await app.gql(refresh, { r: laptop.refreshToken });
    expect(onBreak.errors?.[0]?.extensions).toMatchObject({ cause: 'SelfExclusion', until: excluded.data.selfExclude.selfExclusionDetails.exclusionEndsAt });
  });

  it('rotates refresh tokens and revokes the family and session when one is reused', async () => {
    const tokens = await signInBySms(app, '+3585550002');
    const refresh = 'mutation ($r: String!) { refreshAccessToken(refreshToken: $r) { accessToken refreshToken sessionId expiresIn } }';
    const first = await app.gql(refresh, { r: tokens.refreshToken });
    expect(first.data.refreshAccessToken.sessionId).toBe(tokens.sessionId);
    expect(first.data.refreshAccessToken.refreshToken).not.toBe(tokens.refreshToken);
    const second = await app.gql(refresh, { r: first.data.refreshAccessToken.refreshToken });
    expect(second.errors).toBeUndefined();
    expect((await app.gql(VIEWER, {}, bearer(second.data.refreshAccessToken.accessToken))).status).toBe(200);

    // The first token again, after its successor was used: a leak. Family and session are gone, the newest pair too.
    const reused = await app.gql(refresh, { r: tokens.refreshToken });
    expect(reused.errors?.[0]?.extensions.reason).toBe('InvalidTokenFailure');
    expect(reused.errors?.[0]?.message).toMatch(/already used/);
    const newest = await app.gql(refresh, { r: second.data.refreshAccessToken.refreshToken });
    expect(newest.errors?.[0]?.extensions.reason).toBe('InvalidTokenFailure');
    const viewer = await app.gql(VIEWER, {}, bearer(second.data.refreshAccessToken.accessToken));
    expect(viewer.status).toBe(401);
    expect(viewer.errors?.[0]?.message).toMatch(/refresh_token_reuse/);

    for (const bad of ['', 'made-up-token']) {
      expect((await app.gql(refresh, { r: bad })).errors?.[0]?.extensions.reason).toBe('InvalidTokenFailure');
    }
    // Another brand's refresh: a different failure, so the lobby logs out with JWT_EXPIRED.
    const other = await signInBySms(app, '+3585550003');
    expect((await app.gql(refresh, { r: other.refreshToken }, { 'x-brand': 'mapleridge' })).errors?.[0]?.extensions.reason).toBe('RefreshFailure');
  });

  it('logs out by access token, or by refresh token once the access token has expired', async () => {
    const tokens = await signInBySms(app, '+3585550004');
    const logout = await app.gql('mutation { logout { loggedOut } }', {}, bearer(tokens.accessToken));
    expect(logout.data.logout).toEqual({ loggedOut: true });
    expect((await app.gql(VIEWER, {}, bearer(tokens.accessToken))).status).toBe(401);
    const refreshed = await app.gql('mutation ($r: String!) { refreshAccessToken(refreshToken: $r) { accessToken } }', { r: tokens.refreshToken });
    expect(refreshed.errors?.[0]?.extensions.reason).toBe('InvalidTokenFailure');

    const more = await signInBySms(app, '+3585550005');
    const byRefresh = await app.gql('mutation ($r: String) { logout(refreshToken: $r) { loggedOut } }', { r: more.refreshToken });
    expect(byRefresh.data.logout.loggedOut).toBe(true);
    expect((await app.gql(VIEWER, {}, bearer(more.accessToken))).status).toBe(401);
  });

  it('handles wrong codes, spent attempts, expiry, resend and new numbers', async () => {
    const request = (phone: string, op = 'requestSmsLoginCode') => app.gql(`mutation ($p: String!) { ${op}(phoneNumber: $p) { phoneNumber codeLength expiresAt resendAvailableAt } }`, { p: phone });
    const verify = (phone: string, code: string) => app.gql('mutation ($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken } }', { p: phone, c: code });
    const phone = '+358 555 0006';
    expect((await request(phone)).data.requestSmsLoginCode).toMatchObject({ phoneNumber: '+3585550006', codeLength: 6 });
    const code = await latestSmsCode(app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const miss = await verify(phone, wrong);
    expect(miss.errors?.[0]?.extensions).toMatchObject({ reason: 'InvalidSmsCode', attemptsLeft: 4 });
    expect(miss.errors?.[0]?.message).toMatch(/4 attempts left/);
    expect((await verify(phone, code)).data.verifySmsLoginCode.accessToken).toBeTruthy();
    // A code works once.
    expect((await verify(phone, code)).errors?.[0]?.extensions.reason).toBe('SmsCodeExpired');

    // Five wrong guesses burn the code.
    await request(phone);
    const burnt = await latestSmsCode(app, phone);
    const other = burnt === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 4; attempt++) expect((await verify(phone, other)).errors?.[0]?.extensions.reason).toBe('InvalidSmsCode');
    expect((await verify(phone, other)).errors?.[0]?.extensions.reason).toBe('TooManyAttempts');
    expect((await verify(phone, burnt)).errors?.[0]?.extensions.reason).toBe('SmsCodeExpired');

    // Expiry.
    await request(phone);
    const stale = await latestSmsCode(app, phone);
    await app.platform.db.query("update sms_codes set expires_at = now() - interval '1 second' where phone_number = '+3585550006' and consumed_at is null");
    expect((await verify(phone, stale)).errors?.[0]?.extensions.reason).toBe('SmsCodeExpired');

    // Resend replaces the code; inside the cooldown it is refused.
    await request(phone);
    const replaced = await latestSmsCode(app, phone);
    expect((await request(phone, 'resendSmsLoginCode')).errors).toBeUndefined();
    const fresh = await latestSmsCode(app, phone);
    if (fresh !== replaced) expect((await verify(phone, replaced)).errors?.[0]?.extensions.reason).toMatch(/InvalidSmsCode|SmsCodeExpired/);
    expect((await verify(phone, fresh)).errors).toBeUndefined();
    const settings = app.platform.services.authSettings;
    settings.smsResendCooldownSeconds = 30;
    try {
      await request('+3585550007');
      const tooSoon = await request('+3585550007', 'resendSmsLoginCode');
      expect(tooSoon.errors?.[0]?.extensions).toMatchObject({ reason: 'SmsResendTooSoon' });
      expect(tooSoon.errors?.[0]?.extensions.retryAfterSeconds).toBeGreaterThan(25);
    } finally {
      settings.smsResendCooldownSeconds = 0;
    }
    expect((await request('+3585559999', 'resendSmsLoginCode')).errors?.[0]?.extensions.reason).toBe('BadUserInput');
    expect((await request('040 123')).errors?.[0]?.message).toMatch(/with \+ and the country code/);

    // A new number registers a player.
    const newcomer = await signInBySms(app, '+358401112233');
    const viewer = await app.gql(VIEWER, {}, bearer(newcomer.accessToken));
    expect(viewer.data.viewer.player).toMatchObject({ numberOfDeposits: 0, hasFirstTimeDeposit: false });
    expect(viewer.data.viewer.wallet).toMatchObject({ balance: '0.00', currency: 'EUR' });

    const page = await fetch(`${app.url}/platform/sms-outbox?brand=aurelia`, { headers: SANDBOX_KEY });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('+358401112233');
    expect(html.indexOf('+358401112233')).toBeLessThan(html.indexOf('+3585550006'));
  });

  it('shows each demo player in the state the lobby must show', async () => {
    const view = async (phone: string) => (await app.gql(VIEWER, {}, bearer((await signInBySms(app, phone)).accessToken))).data.viewer;
    const kyc = await view('+3585550003');
    expect(kyc.player.kycCheckStatus).toMatchObject({ status: 'Required', verificationsMissing: ['IdentityDocument', 'ProofOfAddress'] });
    expect(Date.parse(kyc.player.kycCheckStatus.deadline)).toBeGreaterThan(Date.now());
    expect((await view('+3585550004')).player.sourceOfWealthStatus).toMatchObject({ status: 'Required', dueDateExpired: false, requiredDocumentsUploadV2: [] });
    expect((await view('+3585550005')).player.sourceOfWealthStatus.requiredDocumentsUploadV2).toHaveLength(2);
    expect((await view('+3585550006')).player.selfExclusionDetails.exclusionEndsAt).toBeTruthy();
    expect((await view('+3585550007')).player.timeouts.timeoutEndsAt).toBeTruthy();
    expect((await view('+3585550008')).player.accountStatus).toEqual({ status: 'Closed', cause: 'ResponsibleGaming', reopenByCustomerAllowed: false });
    expect((await view('+3585550009')).player.accountStatus.reopenByCustomerAllowed).toBe(true);
    expect((await view('+3585550010')).player.accountStatus.cause).toBe('MultipleAccounts');
    expect((await view('+3585550011')).player.bankingCDD).toBe(true);
    const grace = (await view('+3585550012')).player;
    expect(grace.isInstantBankingBlocked).toBe(false);
    expect(Date.parse(grace.instantBankingBlock.activeFrom)).toBeGreaterThan(Date.now());
    expect((await view('+3585550013')).player.isInstantBankingBlocked).toBe(true);
    expect((await view('+3585550014')).player).toMatchObject({ areWithdrawalsBlocked: true, canWithdraw: false });
    expect((await view('+3585550015')).customer.isDepositsBlocked).toBe(true);
    const jpy = await view('+3585550024');
    expect(jpy.wallet).toMatchObject({ currency: 'JPY', balance: '6000', minDepositAmount: '1200' });
    const canadian = await app.gql(VIEWER, {}, { ...bearer((await signInBySms(app, '+15550000001', 'mapleridge')).accessToken), 'x-brand': 'mapleridge' });
    expect(canadian.data.viewer.wallet).toMatchObject({ currency: 'CAD', minDepositAmount: '15.00' });
  });
});
