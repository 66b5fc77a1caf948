/**
 * The signed-in session end to end, on real protocols against the embedded platform: token refresh
 * across an access-token expiry (one refresh for five tabs), the three ways a session ends (refresh
 * token revoked, session destroyed from another device, account closed) with the right logout
 * reason, the account banner of each demo player, the live balance over both WebSocket protocols,
 * and a cut or silently dead socket restored with the right balance.
 */
import { expect, test, type BrowserContext, type Page, type WebSocketRoute } from './support/test.ts';
import { addTokenCookies, bankTokens, claims, creditWallet as credit, freshPlayer, graphql, signOutHere, smsTokens, unique } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';
import { readFileSync } from 'node:fs';


const cookieValue = async (context: BrowserContext, name: string) => (await context.cookies()).find((cookie) => cookie.name === name)?.value;

/**
 * Starts listening to what the page sends over its sockets; the returned check waits until the page
 * has subscribed to `field`. A test that ends a session "while the page listens" waits for it: a
 * session ended before the page's socket is up is refused at the socket's sign-in instead
 * (SESSION_EXPIRED, spec section 7).
 */
function subscriptionsOf(page: Page): (field: string) => Promise<void> {
  const sent: string[] = [];
  page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload))));
  return (field) => expect.poll(() => sent.some((frame) => frame.includes(field))).toBe(true);
}

test.describe('tokens', () => {
  test('the player stays signed in as the access token runs out: refreshed 30 s before it, with live updates after', async ({ page }) => {
    // The page's clock jumps to the refresh instead of the test waiting for it (test tokens live 40 s).
    // A running subscription outliving its token on the platform's clock is checked in
    // platform/test/auth.test.ts, with two-second tokens.
    await page.clock.install();
    const { phone, tokens } = await freshPlayer(page, 'kororaa', '+64');
    await expect(page.getByTestId('balance')).toContainText('$0.00');
    const { exp } = claims(tokens.accessToken);
    expect(await cookieValue(page.context(), 'accessToken')).toBe(tokens.accessToken);
    // A second past the moment the lobby refreshes (30 s before the expiry) by the page's clock.
    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Math.max(0, exp * 1000 - 30_000 - pageNow) + 1000);
    await expect.poll(() => cookieValue(page.context(), 'accessToken')).not.toBe(tokens.accessToken);
    // Back on the platform's time, so the new pair does not look due at once.
    await page.clock.setSystemTime(Date.now());
    const access = await cookieValue(page.context(), 'accessToken');
    expect(access).toBeTruthy();
    expect(claims(access!).exp).toBeGreaterThan(exp);
    expect(await cookieValue(page.context(), 'refreshToken')).not.toBe(tokens.refreshToken);
    // Still signed in, still live, and a reload still renders for the player.
    await credit(page.request, 'kororaa', phone, '12.00', 'USD');
    await expect(page.getByTestId('balance')).toContainText('$12.00');
    await page.reload();
    await expect(page.getByTestId('balance')).toContainText('$12.00');
    expect(page.url()).not.toContain('logoutReason');
  });

  test('five tabs with an expired access token and many requests refresh exactly once', async ({ context, page }) => {
    const tokens = await smsTokens(page.request, 'kororaa', `+6455${unique()}`);
    // A syntactically valid but expired access token: every tab must refresh before using it.
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims(tokens.accessToken), exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url');
    await addTokenCookies(context, 'kororaa', { accessToken: `${header}.${payload}.expired`, refreshToken: tokens.refreshToken });
    const refreshes: number[] = [];
    context.on('request', (request) => {
      // The lobby rotates the session with the refresh token it holds (server/session-cookies.ts).
      if (request.method() === 'POST' && request.url().endsWith('/api/session/refresh')) refreshes.push(Date.now());
    });
    // Test tokens live 40 s and are refreshed 30 s early, so on a slow machine a pair can legitimately fall
    // due again during a round. What must never happen is two refreshes of one pair: several tabs refreshing
    // at once would show as refreshes milliseconds apart, a pair falling due as refreshes about 10 s apart.
    const refreshedOncePerPair = () => {
      expect(refreshes.length).toBeGreaterThanOrEqual(1);
      for (let index = 1; index < refreshes.length; index += 1) expect(refreshes[index]! - refreshes[index - 1]!).toBeGreaterThan(5_000);
    };
    const tabs = [page, ...(await Promise.all(Array.from({ length: 4 }, () => context.newPage())))];
    await Promise.all(tabs.map((tab) => tab.goto(`${brandOrigin('kororaa')}/en/`)));
    // Five pages hydrating at once on two loaded cores can take longer than one; a tab logged out would never show a balance.
    for (const tab of tabs) await expect(tab.getByTestId('balance')).toContainText('$0.00', { timeout: 20_000 });
    refreshedOncePerPair();
    // The refreshed pair is shared: a second round of loads refreshes nothing early and nobody was logged out.
    await Promise.all(tabs.map((tab) => tab.reload()));
    for (const tab of tabs) await expect(tab.getByTestId('balance')).toContainText('$0.00');
    refreshedOncePerPair();
    for (const tab of tabs) expect(tab.url()).not.toContain('logoutReason');
  });

  test('a refused access token is refreshed once and the request retried', async ({ context, page }) => {
    const tokens = await smsTokens(page.request, 'kororaa', `+6455${unique()}`);
    // A token that looks fresh to the browser but that the platform refuses (HTTP 401).
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims(tokens.accessToken), exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    await addTokenCookies(context, 'kororaa', { accessToken: `${header}.${payload}.forged`, refreshToken: tokens.refreshToken });
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/graphql') && response.request().postData()?.includes('GetPlayerInfo')) statuses.push(response.status());
    });
    await page.goto(`${brandOrigin('kororaa')}/en/`);
    await expect(page.getByTestId('balance')).toContainText('$0.00');
    // The balance can show before the retried GetPlayerInfo's response event has come in.
    await expect.poll(() => statuses).toEqual([401, 200]);
  });
});

test.describe('the session ends with the right reason', () => {
  test('refresh token revoked (reused elsewhere): SESSION_EXPIRED', async ({ page }) => {
    const { tokens } = await freshPlayer(page, 'kororaa', '+64');
    await expect(page.getByTestId('balance')).toContainText('$0.00');
    const current = (await cookieValue(page.context(), 'refreshToken'))!;
    // Someone stole the browser's refresh token and used it and its successor; presenting it again
    // (a successor already used is no lost answer) revokes the whole session.
    const refresh = 'mutation($r: String!) { refreshAccessToken(refreshToken: $r) { refreshToken } }';
    const stolen = await graphql<{ refreshAccessToken: { refreshToken: string } }>(page.request, 'kororaa', refresh, { r: current });
    await graphql(page.request, 'kororaa', refresh, { r: stolen.refreshAccessToken.refreshToken });
    await graphql(page.request, 'kororaa', refresh, { r: current }).catch(() => undefined);
    await expect(page).toHaveURL(`${brandOrigin('kororaa')}/en/login/?logoutReason=SESSION_EXPIRED`, { timeout: 15_000 });
    await expect(page.getByTestId('logout-reason')).toHaveText('Your session has expired. Please sign in again.');
    expect(await cookieValue(page.context(), 'accessToken')).toBeUndefined();
    expect(await cookieValue(page.context(), 'refreshToken')).toBeUndefined();
    expect(tokens.refreshToken).not.toBe('');
  });

  test('session destroyed from another device: LOGGED_IN_FROM_ANOTHER_DEVICE, keeping the query', async ({ page }) => {
    const subscribed = subscriptionsOf(page);
    const phone = `+6455${unique()}`;
    const tokens = await smsTokens(page.request, 'kororaa', phone);
    await addTokenCookies(page.context(), 'kororaa', tokens);
    await page.goto(`${brandOrigin('kororaa')}/en/?productMode=casino`);
    await expect(page.getByTestId('balance')).toContainText('$0.00');
    await subscribed('sessionDestroyed');
    await graphql(page.request, 'kororaa', 'mutation($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: claims(tokens.accessToken).sid });
    await expect(page).toHaveURL(`${brandOrigin('kororaa')}/en/login/?productMode=casino&logoutReason=LOGGED_IN_FROM_ANOTHER_DEVICE`);
    await expect(page.getByTestId('logout-reason')).toHaveText('You signed in on another device, so you have been signed out here.');
  });

  test('self-excluding on one device signs the other out saying so, until when, in its language', async ({ page }) => {
    const subscribed = subscriptionsOf(page);
    // A new player from the sandbox bank, signed in on this browser and again on their phone.
    const here = await bankTokens(page.request, 'aurelia', 'new');
    await addTokenCookies(page.context(), 'aurelia', here);
    const { viewer } = await graphql<{ viewer: { player: { username: string } } }>(page.request, 'aurelia', '{ viewer { player { username } } }', {}, here.accessToken);
    await page.goto(`${brandOrigin('aurelia')}/fi/`);
    await expect(page.getByTestId('balance')).toContainText('0,00');
    await subscribed('sessionDestroyed');
    // On the phone the player excludes themselves (their own protection mutation).
    const phoneSession = await bankTokens(page.request, 'aurelia', `aurelia-${viewer.player.username}`);
    const excluded = await graphql<{ selfExclude: { selfExclusionDetails: { exclusionEndsAt: string } } }>(
      page.request, 'aurelia', 'mutation { selfExclude(days: 180) { selfExclusionDetails { exclusionEndsAt } } }', {}, phoneSession.accessToken,
    );
    const until = excluded.selfExclude.selfExclusionDetails.exclusionEndsAt;
    await expect(page).toHaveURL(`${brandOrigin('aurelia')}/fi/login/?logoutReason=SELF_EXCLUDED&logoutUntil=${encodeURIComponent(until)}`);
    await expect(page.getByTestId('logout-reason')).toHaveText(/^Asetit itsellesi pelikiellon \d+\. \S+ \d{4}.* asti toisella laitteella, joten sinut kirjattiin ulos täällä\.$/);
  });

  test('a session destroyed over the legacy protocol ends the same way', async ({ page }) => {
    const subscribed = subscriptionsOf(page);
    const phone = `+4755${unique()}`;
    const tokens = await smsTokens(page.request, 'nordvik', phone);
    await addTokenCookies(page.context(), 'nordvik', tokens);
    await page.goto(`${brandOrigin('nordvik')}/en/`);
    await expect(page.getByTestId('balance')).toContainText('kr');
    await subscribed('sessionDestroyed');
    await graphql(page.request, 'nordvik', 'mutation($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: claims(tokens.accessToken).sid });
    await expect(page).toHaveURL(`${brandOrigin('nordvik')}/en/login/?logoutReason=LOGGED_IN_FROM_ANOTHER_DEVICE`);
  });

  test('a device that missed the event (asleep, offline) learns the same reason from its refused refresh', async ({ page }) => {
    const tokens = await smsTokens(page.request, 'nordvik', `+4755${unique()}`);
    await graphql(page.request, 'nordvik', 'mutation($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: claims(tokens.accessToken).sid });
    await addTokenCookies(page.context(), 'nordvik', tokens);
    await page.goto(`${brandOrigin('nordvik')}/en/`);
    await expect(page).toHaveURL(`${brandOrigin('nordvik')}/en/login/?logoutReason=LOGGED_IN_FROM_ANOTHER_DEVICE`);
  });

  test('account closed while playing: signed out with the closed-account message', async ({ page }) => {
    const subscribed = subscriptionsOf(page);
    const { phone } = await freshPlayer(page, 'kororaa', '+64');
    await expect(page.getByTestId('balance')).toContainText('$0.00');
    // "While playing": the page has read the open account and subscribed to the player's events.
    await subscribed('playerUpdated');
    await graphql(page.request, 'kororaa', 'mutation($id: ID!) { sandboxCloseAccount(playerId: $id) { id } }', { id: phone });
    await expect(page).toHaveURL(`${brandOrigin('kororaa')}/en/login/?logoutReason=ACCOUNT_CLOSED`);
    await expect(page.getByTestId('logout-reason')).toHaveText('Your account has been closed indefinitely');
  });

  test('on a sports page the logout goes to /sports/ with the reason', async ({ page }) => {
    const subscribed = subscriptionsOf(page);
    const tokens = await smsTokens(page.request, 'kororaa', `+6455${unique()}`);
    await addTokenCookies(page.context(), 'kororaa', tokens);
    await page.goto(`${brandOrigin('kororaa')}/en/sports/`);
    // A refreshable session picks the logged-in layout on sports (spec section 2).
    await expect(page.locator('html')).toHaveAttribute('data-page-layout', 'loggedIn');
    await expect(page.getByTestId('balance')).toContainText('$0.00');
    // Ended elsewhere while the page listens (subscriptionsOf).
    await subscribed('sessionDestroyed');
    await graphql(page.request, 'kororaa', 'mutation($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: claims(tokens.accessToken).sid });
    await expect(page).toHaveURL(`${brandOrigin('kororaa')}/en/sports/?logoutReason=LOGGED_IN_FROM_ANOTHER_DEVICE`);
    await expect(page.getByTestId('logout-reason')).toHaveText('You signed in on another device, so you have been signed out here.');
  });
});

/** Whether Aurelia's November campaign banner (its content) is in its window now. */
function novemberCampaignOn(): boolean {
  const { banners } = JSON.parse(readFileSync('content/aurelia/banners.json', 'utf8')) as { banners: { type: string; from?: string; until?: string }[] };
  const campaign = banners.find((banner) => banner.type === 'NovemberCampaign');
  const now = Date.now();
  return Boolean(campaign) && (!campaign?.from || Date.parse(campaign.from) <= now) && (!campaign?.until || Date.parse(campaign.until) > now);
}

test.describe('account banners', () => {
  // Aurelia (mga) demo players, one per banner state (platform/DEMO-PLAYERS.md).
  const BANNERS: [string, string, RegExp][] = [
    ['+3585550003', 'KycRequired', /Please verify your identity by .+ to keep playing\./],
    ['+3585550004', 'SowRequired', /Please tell us about the source of your funds by /],
    ['+3585550005', 'SowUploadRequired', /Please upload your source-of-wealth documents by /],
    ['+3585550006', 'SelfExclusion', /You are self-excluded until /],
    ['+3585550007', 'Timeout', /You are taking a break until /],
    ['+3585550008', 'AccountClosed', /^Your account has been closed indefinitely$/],
    ['+3585550010', 'AccountClosed', /because you hold more than one account\. Please sign in with a text message code/],
    ['+3585550011', 'BankingCDD', /We need a few more details about your banking/],
    ['+3585550012', 'InstantBankingGracePeriod', /Instant banking will be switched off for your account on /],
    ['+3585550013', 'InstantBankingJackpot', /Instant banking is off for your account/],
    ['+3585550017', 'Content', /You have a new message from us\./],
  ];
  for (const [phone, banner, text] of BANNERS) {
    test(`${banner} for ${phone}`, async ({ page }) => {
      await addTokenCookies(page.context(), 'aurelia', await smsTokens(page.request, 'aurelia', phone));
      await page.goto(`${brandOrigin('aurelia')}/en/`);
      const notices = page.getByRole('region', { name: 'Account notices' });
      await expect(notices.locator(`[data-banner="${banner}"]`)).toHaveText(text);
    });
  }

  test('a plain verified player and a reopenable closed account show no account banner', async ({ page }) => {
    for (const phone of ['+3585550001', '+3585550009']) {
      await signOutHere(page);
      await addTokenCookies(page.context(), 'aurelia', await smsTokens(page.request, 'aurelia', phone));
      await page.goto(`${brandOrigin('aurelia')}/en/`);
      await expect(page.getByTestId('balance')).toBeVisible();
      // Only the operator's November campaign may show (content/aurelia/banners.json, in its window), never an account state.
      await expect(page.locator('[data-banner]:not([data-banner="NovemberCampaign"])')).toHaveCount(0);
      await expect(page.locator('[data-banner="NovemberCampaign"]')).toHaveCount(novemberCampaignOn() ? 1 : 0);
    }
  });
});

test.describe('live balance', () => {
  for (const { brand, country, protocol, currency, formatted } of [
    { brand: 'kororaa', country: '+64', protocol: 'graphql-transport-ws', currency: 'USD', formatted: '$25.50' },
    { brand: 'nordvik', country: '+47', protocol: 'graphql-ws', currency: 'NOK', formatted: '25.50' },
  ]) {
    test(`the header balance follows a sandbox credit over ${protocol}`, async ({ page }) => {
      const frames: string[] = [];
      const sent: string[] = [];
      page.on('websocket', (socket) => {
        socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
        socket.on('framesent', (frame) => sent.push(String(frame.payload)));
      });
      const { phone } = await freshPlayer(page, brand, country);
      await expect(page.getByTestId('balance')).toHaveAttribute('data-status', 'STREAMING');
      await expect.poll(() => frames.some((frame) => frame.includes('"connection_ack"'))).toBe(true);
      // Credit once the Wallet subscription is on the wire, so the event is what moves the balance.
      await expect.poll(() => sent.some((frame) => frame.includes('subscription Wallet'))).toBe(true);
      // The event comes over the brand's protocol: `next` in graphql-transport-ws, `data` in the legacy one.
      const eventType = protocol === 'graphql-ws' ? '"type":"data"' : '"type":"next"';
      const events = () => frames.filter((frame) => frame.includes(eventType) && frame.includes('balanceUpdated'));
      // The platform may still be registering the subscription when the frame arrives (there is no
      // acknowledgement to wait for): a credit it missed is followed by another, never a fixed sleep.
      let credited = 0;
      await expect(async () => {
        if (events().length === 0) {
          await credit(page.request, brand, phone, '25.50', currency);
          credited += 1;
        }
        expect(events().length).toBeGreaterThan(0);
      }).toPass({ intervals: [250, 500, 1000] });
      await expect(page.getByTestId('balance')).toContainText(credited === 1 ? formatted : `${(25.5 * credited).toFixed(2)}`);
      // The last event carries the balance after every credit made, which the header shows.
      const last = JSON.parse(events().at(-1)!) as { payload: { data: { balanceUpdated: { balance: string } } } };
      expect(last.payload.data.balanceUpdated.balance).toBe((25.5 * credited).toFixed(2));
    });
  }
});

test.describe('a dropped socket', () => {
  /** Routes the page's GraphQL WebSocket through the test so it can be cut or silenced (keeping what it then drops). */
  async function interceptSocket(page: Page) {
    const state = { sockets: [] as WebSocketRoute[], silenced: new Set<WebSocketRoute>(), sent: [] as string[], dropped: [] as string[] };
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      const server = socket.connectToServer();
      state.sockets.push(socket);
      socket.onMessage((message) => {
        state.sent.push(String(message));
        if (!state.silenced.has(socket)) server.send(message);
        else state.dropped.push(String(message));
      });
      server.onMessage((message) => {
        if (!state.silenced.has(socket)) socket.send(message);
        else state.dropped.push(String(message));
      });
    });
    return state;
  }

  for (const brand of ['kororaa', 'nordvik'] as const) {
    test(`${brand}: a cut socket reconnects and the balance is right afterwards`, async ({ page }) => {
      const socket = await interceptSocket(page);
      const country = brand === 'kororaa' ? '+64' : '+47';
      const { phone } = await freshPlayer(page, brand, country);
      await expect(page.getByTestId('balance')).toHaveAttribute('data-status', 'STREAMING');
      await expect.poll(() => socket.sockets.length).toBe(1);
      // Cut the connection and credit the wallet while it is down: that event is lost on the wire.
      socket.silenced.add(socket.sockets[0]!);
      await socket.sockets[0]!.close({ code: 1001, reason: 'network cut' });
      await credit(page.request, brand, phone, '7.00', brand === 'kororaa' ? 'USD' : 'NOK');
      await expect.poll(() => socket.sockets.length, { timeout: 15_000 }).toBeGreaterThan(1);
      await expect(page.getByTestId('balance')).toContainText(brand === 'kororaa' ? '$7.00' : '7.00');
      // And live again on the new socket.
      await credit(page.request, brand, phone, '1.00', brand === 'kororaa' ? 'USD' : 'NOK');
      await expect(page.getByTestId('balance')).toContainText(brand === 'kororaa' ? '$8.00' : '8.00');
    });
  }

  test('an account closed while the socket was down ends the session once it reconnects', async ({ page }) => {
    const socket = await interceptSocket(page);
    let playerReads = 0;
    page.on('request', (request) => { if ((request.postData() ?? '').includes('query GetPlayerInfo')) playerReads += 1; });
    const { phone } = await freshPlayer(page, 'kororaa', '+64');
    await expect(page.getByTestId('balance')).toHaveAttribute('data-status', 'STREAMING');
    await expect.poll(() => socket.sockets.length).toBe(1);
    // The runtime's first read and its catch-up read after subscribing are done before the cut.
    await expect.poll(() => playerReads).toBeGreaterThanOrEqual(2);
    socket.silenced.add(socket.sockets[0]!);
    await socket.sockets[0]!.close({ code: 1001, reason: 'network cut' });
    // The PlayerUpdated event goes to a socket that is gone: only the read after reconnecting can tell.
    await graphql(page.request, 'kororaa', 'mutation($id: ID!) { sandboxCloseAccount(playerId: $id) { id } }', { id: phone });
    await expect(page).toHaveURL(`${brandOrigin('kororaa')}/en/login/?logoutReason=ACCOUNT_CLOSED`, { timeout: 15_000 });
    expect(socket.sockets.length).toBeGreaterThan(1);
  });

  test('a silently dead socket is noticed within 30 s and replaced', async ({ page }) => {
    // The page's clock moves the 30 s along (keep-alive ping, then no pong) instead of the test waiting.
    await page.clock.install();
    const socket = await interceptSocket(page);
    let walletReads = 0;
    page.on('request', (request) => { if ((request.postData() ?? '').includes('query GetCustomerInfo')) walletReads += 1; });
    const { phone } = await freshPlayer(page, 'kororaa', '+64');
    await expect(page.getByTestId('balance')).toHaveAttribute('data-status', 'STREAMING');
    await expect.poll(() => socket.sockets.length).toBe(1);
    // Once the wallet subscription is on the wire and the runtime's read after it (750 ms on) is
    // done, the socket stays open but nothing gets through any more.
    await expect.poll(() => socket.sent.some((frame) => frame.includes('subscription Wallet'))).toBe(true);
    await expect.poll(() => walletReads).toBeGreaterThanOrEqual(2);
    socket.silenced.add(socket.sockets[0]!);
    await credit(page.request, 'kororaa', phone, '3.00', 'USD');
    // The event is lost on the dead socket (the platform sent it, the page never got it): the balance does not move…
    await expect.poll(() => socket.dropped.some((frame) => frame.includes('balanceUpdated'))).toBe(true);
    await expect(page.getByTestId('balance')).toContainText('$0.00');
    expect(socket.sockets).toHaveLength(1);
    // …until the silence is noticed (a ping within 10 s, no pong within 20 s more), the socket
    // replaced and the wallet refetched: 30 s on the page's clock.
    await page.clock.fastForward(10_000);
    await expect.poll(() => socket.dropped.some((frame) => frame.includes('"ping"'))).toBe(true);
    expect(socket.sockets).toHaveLength(1);
    await page.clock.fastForward(20_000);
    await expect.poll(() => socket.sockets.length).toBeGreaterThan(1);
    await expect(page.getByTestId('balance')).toContainText('$3.00');
  });
});
