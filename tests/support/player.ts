/**
 * Players for end-to-end tests, made through the real platform: GraphQL through the lobby's proxy as a
 * brand's site, an SMS sign-in by API (the SMS flow itself is covered in login.spec.ts) and the token
 * cookies the lobby's custom-token integration reads.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { brandHost, brandOrigin, LOOPBACK } from './urls.ts';

/** A player's custom tokens. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** A short unique digit string for phone numbers and keys. */
export const unique = (): string => `${Date.now().toString().slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;

/** One GraphQL call through the lobby's proxy, as the brand's site; throws with the error's reason. */
export async function graphql<T>(request: APIRequestContext, brand: string, query: string, variables: object = {}, token?: string): Promise<T> {
  const response = await request.post(`${LOOPBACK}/graphql`, {
    headers: { ...brandHost(brand), 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: { reason?: string } }[] };
  if (body.errors?.length) throw Object.assign(new Error(body.errors[0]!.message), { reason: body.errors[0]!.extensions?.reason });
  return body.data as T;
}

/** Signs a player in by SMS through the API and returns their tokens. */
export async function smsTokens(request: APIRequestContext, brand: string, phone: string): Promise<Tokens> {
  await graphql(request, brand, 'mutation($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });
  const code = await smsCode(request, brand, phone);
  const data = await graphql<{ verifySmsLoginCode: Tokens }>(
    request, brand, 'mutation($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken refreshToken } }', { p: phone, c: code },
  );
  return data.verifySmsLoginCode;
}

/** The code in the newest registration e-mail to an address (the platform's e-mail outbox, with the sandbox key the requests carry). */
export async function emailCode(request: APIRequestContext, brand: string, email: string): Promise<string> {
  const outbox = await request.get(`${LOOPBACK}/platform/email-outbox.json?brand=${brand}&email=${encodeURIComponent(email)}`, { headers: brandHost(brand) });
  const code = ((await outbox.json()) as { messages: { code: string | null }[] }).messages[0]?.code;
  if (!code) throw new Error(`No registration code was e-mailed to ${email} (${brand})`);
  return code;
}

/** Puts a player's tokens where the lobby reads them (cookies of the brand's site). */
export async function addTokenCookies(context: BrowserContext, brand: string, tokens: Tokens): Promise<void> {
  await context.addCookies(
    (['accessToken', 'refreshToken'] as const).map((name) => ({ name, value: tokens[name], domain: `${brand}.localhost`, path: '/', sameSite: 'Lax' as const })),
  );
}

/**
 * Signs the browser out before the next player signs in: off the page first, then the cookies. A
 * signed-in lobby left open sees its cookies go and navigates on its own, which aborted the test's
 * next page.goto (net::ERR_ABORTED).
 */
export async function signOutHere(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** The newest SMS code the platform "sent" to a number (the sandbox outbox). */
export async function smsCode(request: APIRequestContext, brand: string, phone: string): Promise<string> {
  const response = await request.get(`${LOOPBACK}/platform/sms-outbox.json?brand=${brand}&phone=${encodeURIComponent(phone)}`, { headers: brandHost(brand) });
  const { messages } = (await response.json()) as { messages: { code: string | null }[] };
  const code = messages[0]?.code;
  if (!code) throw new Error(`No SMS code in the outbox for ${phone}`);
  return code;
}

/** The claims of a platform access token (read, not verified: the platform verifies). */
export const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string; exp: number; player_id: string };

/** A fresh SMS player of a brand (a new phone number with the country's calling code), signed in in the page's context, on the lobby. */

export async function freshPlayer(page: Page, brand: string, callingCode: string): Promise<{ phone: string; tokens: Tokens }> {
  const phone = `${callingCode}55${unique()}`;
  const tokens = await smsTokens(page.request, brand, phone);
  await addTokenCookies(page.context(), brand, tokens);
  await page.goto(`${brandOrigin(brand)}/en/`);
  return { phone, tokens };
}

/** Credits a player's wallet through the sandbox (a Deposit ledger posting that the Wallet subscription announces). */
export async function creditWallet(request: APIRequestContext, brand: string, playerId: string, amount: string, currency: string): Promise<void> {
  await graphql(request, brand, 'mutation($id: ID!, $a: String!, $c: String!, $k: String!) { sandboxCreditWallet(playerId: $id, amount: $a, currency: $c, idempotencyKey: $k) { balance } }', {
    id: playerId, a: amount, c: currency, k: `e2e-${unique()}-${Math.random()}`,
  });
}

/**
 * Signs a seeded demo player (platform/DEMO-PLAYERS.md) in through the Trustly sandbox bank rather
 * than SMS, so specs texting the same demo numbers never meet the resend cooldown; returns the tokens,
 * which are also put in the page's cookies.
 */
export async function bankSignIn(page: Page, brand: string, username: string): Promise<Tokens> {
  const tokens = await bankTokens(page.request, brand, `${brand}-${username}`);
  await addTokenCookies(page.context(), brand, tokens);
  return tokens;
}

/**
 * A session from the Trustly sandbox bank for a bank identity (`new`: a new player, whose identity is
 * `<brand>-trustly-<tag>` for username `trustly-<tag>`), without touching any browser's cookies: a
 * second device of the same player.
 */
export async function bankTokens(request: APIRequestContext, brand: string, person: string): Promise<Tokens> {
  const response = await request.post(`${LOOPBACK}/platform/sandbox/trustly/`, {
    headers: brandHost(brand),
    form: { brand, locale: 'en', returnUrl: `${brandOrigin(brand)}/en/trustly-login-handler/`, person, orderId: `e2e-${unique()}` },
    maxRedirects: 0,
  });
  if (response.status() !== 303) throw new Error(`The sandbox bank did not sign ${person} in: ${response.status()} ${await response.text()}`);
  const back = new URL(response.headers().location ?? '');
  return { accessToken: back.searchParams.get('accessToken') ?? '', refreshToken: back.searchParams.get('refreshToken') ?? '' };
}
