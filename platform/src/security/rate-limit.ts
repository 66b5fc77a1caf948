/**
 * Rate limits on the attempts an attacker would repeat: sign-ins, code entry, token refresh and
 * money movements. Each limit counts per subject (a phone number, a player, a refresh-token family,
 * a username) so one player's retries never lock out another, plus a generous ceiling per client
 * address that only a flood reaches. Past a limit the platform answers HTTP 429 with Retry-After.
 *
 * Counters are fixed windows in PostgreSQL (table rate_limit_windows), so every platform process on
 * the database counts against the same windows: each attempt is one atomic upsert of the subject's
 * and the address's windows. Expired windows are deleted by sweep() (a periodic job).
 */
import type { Db } from '../db/db.ts';

/** One limit: at most `limit` attempts per `windowSeconds`. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** The limits of one kind of attempt: per subject and per client address. */
export interface RateRule {
  perSubject: Limit;
  perAddress: Limit;
}

/** The kinds of attempt the platform limits. */
export type RateRuleName = 'login' | 'operatorLogin' | 'code' | 'refresh' | 'money' | 'signup' | 'register' | 'consent' | 'gamification';

/**
 * Default thresholds (documented in platform/README.md). The per-address ceilings are high on
 * purpose: a whole office or mobile carrier can share one address, and so does the test suite.
 */
export const DEFAULT_RATE_RULES: Readonly<Record<RateRuleName, RateRule>> = {
  // Sign-in attempts (SMS code requests, pay-and-play, the identity provider's form) per identity.
  login: { perSubject: { limit: 10, windowSeconds: 600 }, perAddress: { limit: 1000, windowSeconds: 600 } },
  // Operator console sign-ins: the operator realm's password form per operator account, and its
  // authenticator codes per operator (each counted apart). A rule of its own, so an operator's
  // thresholds can be set apart from the players' (PLATFORM_RATE_LIMIT_OPERATORLOGIN).
  operatorLogin: { perSubject: { limit: 10, windowSeconds: 600 }, perAddress: { limit: 1000, windowSeconds: 600 } },
  // Six-digit code guesses per phone number.
  code: { perSubject: { limit: 10, windowSeconds: 600 }, perAddress: { limit: 1000, windowSeconds: 600 } },
  // Token refreshes per refresh-token family (one sign-in); a tab refreshes once per token lifetime.
  refresh: { perSubject: { limit: 60, windowSeconds: 600 }, perAddress: { limit: 5000, windowSeconds: 600 } },
  // Money mutations per player.
  money: { perSubject: { limit: 120, windowSeconds: 60 }, perAddress: { limit: 5000, windowSeconds: 60 } },
  // Sign-in codes texted to numbers no account uses yet, per client address (SMS pumping: one address
  // texting many new numbers costs the operator money). The subject is the address itself.
  signup: { perSubject: { limit: 30, windowSeconds: 3600 }, perAddress: { limit: 30, windowSeconds: 3600 } },
  // Registration e-mails (a code, or "you already have an account") per address, lower-cased, and per
  // client address: each one lands in someone's inbox, so neither may be flooded.
  register: { perSubject: { limit: 5, windowSeconds: 3600 }, perAddress: { limit: 100, windowSeconds: 3600 } },
  // Consent decisions per visitor id and per address: anyone may record one, and each is a row kept
  // for good; a person changes their mind a few times, a script filling the table many times.
  consent: { perSubject: { limit: 30, windowSeconds: 600 }, perAddress: { limit: 300, windowSeconds: 600 } },
  // Gamification provider tokens per player (a page asks once per load and the widget reuses it) and per address.
  gamification: { perSubject: { limit: 60, windowSeconds: 600 }, perAddress: { limit: 3000, windowSeconds: 600 } },
};

/** What a limiter says about one attempt. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; limit: Limit; scope: 'subject' | 'address' };

/** Counts attempts per rule and key, in fixed windows shared through the database. */
export class RateLimiter {
  private readonly db: Db;
  private readonly rules: Record<RateRuleName, RateRule>;
  private readonly now: () => number;

  /** `now` is the clock the windows run on (epoch ms; tests move it). */
  constructor(db: Db, rules: Record<RateRuleName, RateRule> = { ...DEFAULT_RATE_RULES }, now: () => number = Date.now) {
    this.db = db;
    this.rules = rules;
    this.now = now;
  }

  /** The thresholds in force for a rule. */
  rule(name: RateRuleName): RateRule {
    return this.rules[name];
  }

  /**
   * Counts one attempt of a rule by a subject from an address. Refused attempts count too, so
   * hammering past the limit does not shorten the wait.
   */
  async attempt(name: RateRuleName, subject: string, address: string | null): Promise<RateDecision> {
    const rule = this.rules[name];
    const now = this.now();
    const windows: { key: string; limit: Limit }[] = [{ key: `${name}|s|${subject}`, limit: rule.perSubject }];
    if (address) windows.push({ key: `${name}|a|${address}`, limit: rule.perAddress });
    // One statement for both windows: a window that has ended starts again at one.
    const { rows } = await this.db.query<{ key: string; count: number; resets_at: string }>(
      `insert into rate_limit_windows as w (key, count, resets_at)
       select key, 1, $2::bigint + window_ms from unnest($1::text[], $3::bigint[]) as t(key, window_ms)
       on conflict (key) do update set
         count = case when w.resets_at <= $2::bigint then 1 else w.count + 1 end,
         resets_at = case when w.resets_at <= $2::bigint then excluded.resets_at else w.resets_at end
       returning key, count, resets_at::text`,
      [windows.map((window) => window.key), now, windows.map((window) => window.limit.windowSeconds * 1000)],
    );
    const over = (window: { key: string; limit: Limit } | undefined): number => {
      const row = window && rows.find((each) => each.key === window.key);
      if (!window || !row || row.count <= window.limit.limit) return 0;
      return Math.max(1, Math.ceil((Number(row.resets_at) - now) / 1000));
    };
    const bySubject = over(windows[0]);
    const byAddress = over(windows[1]);
    if (bySubject) return { allowed: false, retryAfterSeconds: bySubject, limit: rule.perSubject, scope: 'subject' };
    if (byAddress) return { allowed: false, retryAfterSeconds: byAddress, limit: rule.perAddress, scope: 'address' };
    return { allowed: true };
  }

  /** Deletes the windows that have ended (a job runs it every minute); answers how many. */
  async sweep(): Promise<number> {
    const { rows } = await this.db.query<{ swept: number }>(
      'with gone as (delete from rate_limit_windows where resets_at <= $1::bigint returning 1) select count(*)::int as swept from gone',
      [this.now()],
    );
    return rows[0]?.swept ?? 0;
  }
}

/**
 * Reads the thresholds from the environment: PLATFORM_RATE_LIMIT_<RULE>=<attempts>/<seconds> per
 * subject and PLATFORM_RATE_LIMIT_<RULE>_PER_ADDRESS=<attempts>/<seconds> per client address, for
 * RULE in LOGIN, OPERATORLOGIN, CODE, REFRESH, MONEY, SIGNUP, REGISTER, CONSENT, GAMIFICATION. Throws a message naming the variable and the expected shape.
 */
export function rateRulesFromEnv(env: NodeJS.ProcessEnv = process.env): Record<RateRuleName, RateRule> {
  const parse = (name: string, fallback: Limit): Limit => {
    const text = env[name];
    if (text === undefined || text.trim() === '') return fallback;
    const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      throw new Error(`${name} "${text}" must be <attempts>/<seconds>, both whole numbers of at least 1, such as 10/600`);
    }
    return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
  };
  const rules = {} as Record<RateRuleName, RateRule>;
  for (const name of Object.keys(DEFAULT_RATE_RULES) as RateRuleName[]) {
    const variable = `PLATFORM_RATE_LIMIT_${name.toUpperCase()}`;
    rules[name] = {
      perSubject: parse(variable, DEFAULT_RATE_RULES[name].perSubject),
      perAddress: parse(`${variable}_PER_ADDRESS`, DEFAULT_RATE_RULES[name].perAddress),
    };
  }
  return rules;
}

/** The message of a refused attempt: what was limited and when to try again. */
export function rateLimitMessage(what: string, decision: Extract<RateDecision, { allowed: false }>): string {
  const per = decision.scope === 'subject' ? '' : ' from this address';
  return `Too many ${what}${per} (at most ${decision.limit.limit} in ${decision.limit.windowSeconds} s): try again in ${decision.retryAfterSeconds} s`;
}
