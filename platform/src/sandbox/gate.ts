/**
 * The sandbox's powers (crediting wallets, sending or delaying payment notifications, settling bets
 * by hand, reading the SMS outbox, choosing a country by header, naming a client address on the game
 * origin) exist only in sandbox mode, and even then answer only to the operator key: `npm start`
 * generates one and prints it, tests read it from PLATFORM_SANDBOX_KEY. A request presents the key in
 * the `x-sandbox-key` header or in the `atrium_sandbox_key` cookie that
 * `GET /platform/sandbox-key?key=<key>` sets for a browser.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError } from '../graphql/errors.ts';

/** The header a script or test sends the key in. */
export const SANDBOX_KEY_HEADER = 'x-sandbox-key';
/** The cookie the unlock link leaves in a browser. */
export const SANDBOX_KEY_COOKIE = 'atrium_sandbox_key';
/** The path that turns a key in the query into the cookie. */
export const SANDBOX_KEY_PATH = '/platform/sandbox-key';

/** Whether sandbox powers are on for a request. */
export interface SandboxGate {
  /** Sandbox mode is on (PLATFORM_ENABLE_SANDBOX_ADMIN=1), whoever asks. */
  readonly enabled: boolean;
  /** Sandbox mode is on and the request carries the operator key. */
  allows(req: IncomingMessage): boolean;
  /** Throws the GraphQL error that says what is missing, or returns when the request may go on. */
  require(req: IncomingMessage, what: string): void;
  /** GET /platform/sandbox-key?key=…: sets the cookie and goes on to `next` (the SMS outbox by default). */
  unlock(req: IncomingMessage, res: ServerResponse): void;
}

/** A fresh operator key: 24 random bytes, URL-safe. */
export function newSandboxKey(): string {
  return randomBytes(24).toString('base64url');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The gate for a platform whose sandbox is `enabled` with operator key `key`. */
export function createSandboxGate(enabled: boolean, key: string | null): SandboxGate {
  if (enabled && (!key || key.length < 16)) {
    throw new Error('Sandbox mode needs an operator key of at least 16 characters: set PLATFORM_SANDBOX_KEY (npm start generates one)');
  }
  const expected = key ? digest(key) : null;
  const matches = (presented: string | undefined) => Boolean(expected && presented && timingSafeEqual(digest(presented), expected));
  const allows = (req: IncomingMessage) => {
    const header = req.headers[SANDBOX_KEY_HEADER];
    return enabled && (matches(typeof header === 'string' ? header : undefined) || matches(cookieValue(req.headers.cookie, SANDBOX_KEY_COOKIE)));
  };
  return {
    enabled,
    allows,
    require(req, what) {
      if (!enabled) {
        throw new PlatformError('SandboxDisabled', `${what} is a sandbox tool and the sandbox is off: start the platform with PLATFORM_ENABLE_SANDBOX_ADMIN=1 (demo and tests only)`);
      }
      if (!allows(req)) {
        throw new PlatformError('SandboxKeyRequired', `${what} needs the sandbox operator key: send it in the ${SANDBOX_KEY_HEADER} header (npm start prints it; tests read PLATFORM_SANDBOX_KEY)`);
      }
    },
    unlock(req, res) {
      const query = new URL(req.url ?? '/', 'http://platform').searchParams;
      const text = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(body);
      if (!enabled) return void text(404, 'The sandbox is off on this platform, so there is nothing to unlock.');
      if (!matches(query.get('key') ?? undefined)) {
        return void text(403, 'That is not this platform’s sandbox key. `npm start` prints the key and a ready-made link when it starts.');
      }
      const next = query.get('next') ?? '/platform/sms-outbox';
      // Only a path on this origin, never another site.
      const target = /^\/(?!\/)[^\\\s]*$/.test(next) ? next : '/platform/sms-outbox';
      res
        .writeHead(303, {
          location: target,
          'set-cookie': `${SANDBOX_KEY_COOKIE}=${query.get('key')}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400`,
          'cache-control': 'no-store',
        })
        .end();
    },
  };
}

/** A cookie's value in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [cookieName, ...rest] = part.trim().split('=');
    if (cookieName === name) return rest.join('=');
  }
  return undefined;
}
