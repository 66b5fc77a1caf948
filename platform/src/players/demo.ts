/**
 * The demo players: for every brand, one player per state the lobby must show (spec section 4's
 * account banners, blocked withdrawals and deposits) and one per currency of the minimum-deposit
 * table. The seed is deterministic (ids, numbers per brand, logins, balances) and runs once per
 * brand, recorded in platform_seeds; a brand added later is seeded at its first start.
 * Dates (deadlines, exclusion ends) are relative to the moment of seeding.
 *
 * Logins (also in platform/DEMO-PLAYERS.md, generated from this file):
 *   username <key>, email <key>@<brand>.demo, password DEMO_PASSWORD,
 *   phone <country dial code>555<index>, bank identity <brand>-<key> (pay-and-play sandboxes).
 */
import type { Brand, BrandRegistry } from '../brands/brands.ts';
import type { Db, Queryable } from '../db/db.ts';
import { paymentRequestHash } from '../cashier/payment-store.ts';
import { PAYMENT_PROVIDERS, paymentPayload, sandboxAccounts, type PaymentProvider } from '../cashier/providers.ts';
import { WITHDRAWAL_HOLD, type PaymentType } from '../cashier/flow.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { depositEntries } from '../ledger/ledger.ts';
import { MIN_DEPOSIT_MAJOR, majorToMinor } from '../ledger/money.ts';
import { hashPassword } from './password.ts';
import { createPlayer, stableId } from './repository.ts';
import { licenceProfile } from '../../../shared/licences.ts';

/** Every demo player's password. */
export const DEMO_PASSWORD = 'Demo-pass-1';
const SEED_VERSION = 'players-v1';
const PAYMENTS_SEED_VERSION = 'payments-v1';
const GAMIFICATION_SEED_VERSION = 'gamification-players-v1';
// A fixed salt keeps the seed deterministic and needs one scrypt run for all demo players.
const DEMO_SALT = Buffer.from('atrium-demo-players-salt');

const DAY = 24 * 3600 * 1000;

/** One demo player's definition. */
export interface DemoPlayer {
  key: string;
  /** What the lobby should show for this player. */
  state: string;
  firstName: string;
  lastName: string;
  /** Wallet currency; the brand's when omitted. */
  currency?: string;
  country?: string;
  /** Starting cash and bonus in major units. */
  cash: number;
  bonus: number;
  deposits: number;
  overrides?: (now: number) => Record<string, unknown>;
  customer?: Record<string, unknown>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The state players, in index order (phone numbers follow the index). */
export const STATE_PLAYERS: DemoPlayer[] = [
  { key: 'verified', state: 'Plain verified player: KYC done, 3 deposits, cash and bonus, recently played games', firstName: 'Aino', lastName: 'Virtanen', cash: 250, bonus: 20, deposits: 3,
    overrides: () => ({ kyc_status: 'Done', kyc_verifications_done: ['IdentityDocument', 'ProofOfAddress'] }) },
  { key: 'newcomer', state: 'Verified, no deposit yet (hasFirstTimeDeposit false)', firstName: 'Mikael', lastName: 'Korhonen', cash: 0, bonus: 0, deposits: 0 },
  { key: 'kyc-required', state: 'Banner KycRequired: kycCheckStatus Required, deadline in 14 days', firstName: 'Laura', lastName: 'Nieminen', cash: 40, bonus: 0, deposits: 1,
    overrides: (now) => ({ kyc_status: 'Required', kyc_deadline: iso(now + 14 * DAY), kyc_verifications_done: ['Email'], kyc_verifications_missing: ['IdentityDocument', 'ProofOfAddress'] }) },
  { key: 'sow-required', state: 'Banner SowRequired: source of wealth Required, due in 10 days', firstName: 'Jukka', lastName: 'Mäkinen', cash: 1200, bonus: 0, deposits: 6,
    overrides: (now) => ({ sow_status: 'Required', sow_due_date: iso(now + 10 * DAY) }) },
  { key: 'sow-upload-required', state: 'Banner SowUploadRequired: documents requested (Salary, Inheritance)', firstName: 'Sanna', lastName: 'Hämäläinen', cash: 900, bonus: 0, deposits: 5,
    overrides: (now) => ({
      sow_status: 'Pending',
      sow_due_date: iso(now + 7 * DAY),
      sow_documents_required: [
        { comment: 'Your last three payslips', requestedFundingType: 'Salary' },
        { comment: 'The estate inventory deed', requestedFundingType: 'Inheritance' },
      ],
    }) },
  { key: 'self-excluded', state: 'Banner SelfExclusion: self-excluded for 6 months', firstName: 'Timo', lastName: 'Laine', cash: 15, bonus: 0, deposits: 2,
    overrides: (now) => ({ self_exclusion_ends_at: iso(now + 182 * DAY) }) },
  { key: 'timeout', state: 'Banner Timeout: a timeout running for 7 days', firstName: 'Emilia', lastName: 'Heikkinen', cash: 30, bonus: 0, deposits: 1,
    overrides: (now) => ({ timeout_ends_at: iso(now + 7 * DAY) }) },
  { key: 'closed', state: 'Banner AccountClosed: Closed, reopenByCustomerAllowed false ("Your account has been closed indefinitely")', firstName: 'Petri', lastName: 'Koskinen', cash: 0, bonus: 0, deposits: 1,
    overrides: () => ({ account_status: 'Closed', account_status_cause: 'ResponsibleGaming', reopen_by_customer_allowed: false }) },
  { key: 'closed-reopenable', state: 'Closed with reopenByCustomerAllowed true (no AccountClosed banner)', firstName: 'Kaisa', lastName: 'Järvinen', cash: 0, bonus: 0, deposits: 1,
    overrides: () => ({ account_status: 'Closed', account_status_cause: 'CustomerRequest', reopen_by_customer_allowed: true }) },
  { key: 'multiple-accounts', state: 'Closed for the multiple-accounts cause (alternate AccountClosed message)', firstName: 'Ville', lastName: 'Lehtonen', cash: 0, bonus: 0, deposits: 1,
    overrides: () => ({ account_status: 'Closed', account_status_cause: 'MultipleAccounts', reopen_by_customer_allowed: false }) },
  { key: 'banking-cdd', state: 'Banner BankingCDD: bankingCDD true', firstName: 'Noora', lastName: 'Saarinen', cash: 500, bonus: 0, deposits: 4,
    overrides: () => ({ banking_cdd: true }) },
  { key: 'instant-banking-grace', state: 'Banner InstantBankingGracePeriod: instant-banking block starts in 14 days', firstName: 'Antti', lastName: 'Salminen', cash: 80, bonus: 0, deposits: 2,
    overrides: (now) => ({ instant_banking_block_active_from: iso(now + 14 * DAY) }) },
  { key: 'instant-banking-blocked', state: 'Instant banking blocked (isInstantBankingBlocked true)', firstName: 'Heidi', lastName: 'Tuominen', cash: 80, bonus: 0, deposits: 2,
    overrides: (now) => ({ instant_banking_block_active_from: iso(now - 3 * DAY) }) },
  { key: 'withdrawals-blocked', state: 'areWithdrawalsBlocked true (canWithdraw false)', firstName: 'Olli', lastName: 'Rantanen', cash: 300, bonus: 0, deposits: 3,
    overrides: () => ({ withdrawals_blocked: true }) },
  { key: 'deposits-blocked', state: 'customer.isDepositsBlocked true', firstName: 'Riikka', lastName: 'Karjalainen', cash: 60, bonus: 0, deposits: 2,
    customer: { is_deposits_blocked: true } },
  { key: 'restricted', state: 'Customer flags: cancel-withdrawal, deposit-limit increase and rewards blocked', firstName: 'Eero', lastName: 'Miettinen', cash: 120, bonus: 0, deposits: 2,
    customer: { is_cancel_withdrawal_blocked: true, is_increase_deposit_limit_blocked: true, is_rewards_blocked: true } },
  { key: 'popups', state: 'customer.popUpsNeeded ["welcome-bonus"]', firstName: 'Minna', lastName: 'Pitkänen', cash: 20, bonus: 10, deposits: 1,
    customer: { pop_ups_needed: ['welcome-bonus'] } },
];

const CURRENCY_COUNTRY: Readonly<Record<string, string>> = {
  EUR: 'FI', CAD: 'CA', CHF: 'CH', USD: 'US', NOK: 'NO', INR: 'IN', JPY: 'JP', ZAR: 'ZA', NZD: 'NZ', GBP: 'GB',
};
const CURRENCY_NAMES: Readonly<Record<string, [string, string]>> = {
  EUR: ['Elias', 'Fischer'], CAD: ['Chloé', 'Tremblay'], CHF: ['Luca', 'Meier'], USD: ['Avery', 'Johnson'], NOK: ['Ingrid', 'Hansen'],
  INR: ['Aarav', 'Sharma'], JPY: ['Yuki', 'Tanaka'], ZAR: ['Thabo', 'Nkosi'], NZD: ['Aroha', 'Walker'], GBP: ['Oliver', 'Smith'],
};

/** One player per currency of the minimum-deposit table, holding five minimum deposits. */
export const CURRENCY_PLAYERS: DemoPlayer[] = Object.keys(MIN_DEPOSIT_MAJOR).map((currency) => ({
  key: `wallet-${currency.toLowerCase()}`,
  state: `${currency} wallet: minimum deposit ${MIN_DEPOSIT_MAJOR[currency]} ${currency}`,
  firstName: CURRENCY_NAMES[currency]?.[0] ?? 'Demo',
  lastName: CURRENCY_NAMES[currency]?.[1] ?? currency,
  currency,
  country: CURRENCY_COUNTRY[currency],
  cash: (MIN_DEPOSIT_MAJOR[currency] ?? 20) * 5,
  bonus: 0,
  deposits: 1,
  overrides: () => ({ kyc_status: 'Done' }),
}));

/**
 * The players gamification is off for by a condition no other demo player covers (the others:
 * kyc-required, self-excluded, closed). Last in seed order, so no earlier player's phone moves, and
 * seeded by a step of their own, so a database seeded before them gets them at its next start.
 */
export const GAMIFICATION_PLAYERS: DemoPlayer[] = [
  { key: 'sow-expired', state: 'Source of wealth Required and its due date passed 3 days ago (dueDateExpired: gamification off)', firstName: 'Kalle', lastName: 'Huttunen', cash: 150, bonus: 0, deposits: 2,
    overrides: (now) => ({ sow_status: 'Required', sow_due_date: iso(now - 3 * DAY) }) },
  { key: 'gamification-blocked', state: 'Blocked by the gamification provider (isPlayerBlockedInGamanza: gamification off)', firstName: 'Elina', lastName: 'Mattila', cash: 70, bonus: 0, deposits: 1 },
];

/** Every demo player of a brand, in seed order. */
export const DEMO_PLAYERS: DemoPlayer[] = [...STATE_PLAYERS, ...CURRENCY_PLAYERS, ...GAMIFICATION_PLAYERS];

/** The players of the first seed step (players-v1). */
const FIRST_SEED_PLAYERS: DemoPlayer[] = [...STATE_PLAYERS, ...CURRENCY_PLAYERS];

const DIAL_CODES: Readonly<Record<string, string>> = {
  FI: '358', SE: '46', NO: '47', DK: '45', DE: '49', AT: '43', FR: '33', IT: '39', EE: '372', LV: '371', CA: '1', US: '1',
  NZ: '64', GB: '44', CH: '41', IN: '91', JP: '81', ZA: '27', AU: '61',
};

/** The demo phone number of the player at index (1-based) for a brand: +<dial>555<index>. */
export function demoPhone(brand: Brand, index: number): string {
  const dial = DIAL_CODES[brand.defaultCountry] ?? '358';
  return `+${dial}555${String(index).padStart(dial === '1' ? 7 : 4, '0')}`;
}

/** The logins of a brand's demo player. */
export function demoLogins(brand: Brand, player: DemoPlayer) {
  const index = DEMO_PLAYERS.indexOf(player) + 1;
  return {
    id: stableId(`player:${brand.id}:${player.key}`),
    username: player.key,
    email: `${player.key}@${brand.id}.demo`,
    phone: demoPhone(brand, index),
    bankIdentity: `${brand.id}-${player.key}`,
    currency: player.currency ?? brand.currency,
    country: player.country ?? (player.currency && player.currency !== brand.currency ? (CURRENCY_COUNTRY[player.currency] ?? brand.defaultCountry) : brand.defaultCountry),
  };
}

/**
 * Refuses a production start on a database that holds demo players: anyone who reads the README
 * could sign in as one (published password, bank identities, phone numbers) and play with their
 * wallet. The message says how to go on.
 */
export async function assertNoDemoPlayers(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ count: string; brands: string | null }>(
    `select count(*)::text as count, string_agg(distinct brand, ', ') as brands from players where demo_key is not null`,
  );
  const count = Number(rows[0]?.count ?? 0);
  if (count > 0) {
    throw new Error(
      `This database holds ${count} sandbox demo players (brands ${rows[0]?.brands ?? '?'}), whose password and bank identities are published, ` +
        'and the sandbox is off (production): start production on a fresh database (an empty PLATFORM_DATA_DIR, or another DATABASE_URL), ' +
        'or start with PLATFORM_ENABLE_SANDBOX_ADMIN=1 for a demo',
    );
  }
}

/** Seeds the demo players of every brand not seeded yet; returns the brands seeded now. */
export async function seedDemoPlayers(db: Db, brands: BrandRegistry, ledger: Ledger): Promise<string[]> {
  const seeded: string[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD, DEMO_SALT);
  for (const brand of brands.values()) {
    const name = `${SEED_VERSION}:${brand.id}`;
    const done = await db.transaction(async (tx) => {
      // The seed row is claimed first, so two platforms starting together do not both seed.
      const claimed = await tx.query('insert into platform_seeds (name) values ($1) on conflict (name) do nothing returning name', [name]);
      if (claimed.rows.length === 0) return false;
      await seedBrand(tx, brand, ledger, passwordHash, FIRST_SEED_PLAYERS);
      return true;
    });
    if (done) seeded.push(brand.id);
    // The gamification players, with their deposits: a step of their own, for databases seeded before them.
    await db.transaction(async (tx) => {
      const claimed = await tx.query('insert into platform_seeds (name) values ($1) on conflict (name) do nothing returning name', [`${GAMIFICATION_SEED_VERSION}:${brand.id}`]);
      if (claimed.rows.length === 0) return;
      await seedBrand(tx, brand, ledger, passwordHash, GAMIFICATION_PLAYERS);
      await seedDemoPayments(tx, brand, ledger, GAMIFICATION_PLAYERS);
    });
    // The payments behind the documented deposits: a step of its own, so a database seeded before
    // it existed gets them at its next start too (its ledger deposits are replayed, not doubled).
    await db.transaction(async (tx) => {
      const claimed = await tx.query('insert into platform_seeds (name) values ($1) on conflict (name) do nothing returning name', [`${PAYMENTS_SEED_VERSION}:${brand.id}`]);
      if (claimed.rows.length > 0) await seedDemoPayments(tx, brand, ledger, DEMO_PLAYERS);
    });
  }
  return seeded;
}

/** A demo player's documented deposits in minor units: the cash split over them, or minimum deposits when the cash is gone. */
export function demoDepositAmounts(player: DemoPlayer, currency: string): bigint[] {
  const count = BigInt(player.deposits);
  if (count === 0n) return [];
  const cash = majorToMinor(player.cash, currency);
  if (cash === 0n) return Array.from({ length: player.deposits }, () => majorToMinor(MIN_DEPOSIT_MAJOR[currency] ?? 20, currency));
  return Array.from({ length: player.deposits }, (_, index) => cash / count + (index === 0 ? cash % count : 0n));
}

/** The provider of a demo player's deposit: the three sandboxes in turn, so the history shows each. */
const depositProvider = (index: number): PaymentProvider => PAYMENT_PROVIDERS[index % PAYMENT_PROVIDERS.length]!;

/**
 * Gives every demo player the completed deposits the documentation promises: a payments row per
 * deposit (provider, account payload, dates a few days apart) and its Deposit in the ledger, so the
 * deposit history, numberOfDeposits and totalDepositAmount agree. A player whose cash is gone
 * (closed accounts) withdrew what they deposited, through a completed withdrawal.
 */
async function seedDemoPayments(tx: Queryable, brand: Brand, ledger: Ledger, players: readonly DemoPlayer[]): Promise<void> {
  for (const player of players) {
    const logins = demoLogins(brand, player);
    const who = { id: logins.id, first_name: player.firstName, last_name: player.lastName };
    const wallet = await tx.query<{ id: string }>('select id from wallets where player_id = $1', [logins.id]);
    const walletId = wallet.rows[0]?.id;
    if (!walletId) continue;
    const amounts = demoDepositAmounts(player, logins.currency);
    const insert = async (type: PaymentType, provider: PaymentProvider, amountMinor: bigint, key: string, daysAgo: number) => {
      const account = sandboxAccounts(provider, who)[0]!;
      const withdrawalType = type === 'Withdrawal' ? 'Instant' : null;
      await tx.query(
        `insert into payments (id, player_id, wallet_id, type, withdrawal_type, provider, status, amount_minor, currency, idempotency_key, request_hash, payload, created_at, updated_at, processed_at)
         values ($1, $2, $3, $4, $5, $6, 'Completed', $7, $8, $9, $10, $11::jsonb, now() - make_interval(days => $12), now() - make_interval(days => $12) + interval '1 minute', now() - make_interval(days => $12) + interval '1 minute')
         on conflict (player_id, idempotency_key) do nothing`,
        [stableId(`payment:${brand.id}:${player.key}:${key}`), logins.id, walletId, type, withdrawalType, provider, amountMinor.toString(), logins.currency, `seed:${key}`,
          paymentRequestHash({ type, amountMinor, currency: logins.currency, provider, withdrawalType }), JSON.stringify(paymentPayload(provider, type, account)), daysAgo],
      );
    };
    for (const [index, amountMinor] of amounts.entries()) {
      const provider = depositProvider(index);
      const paymentId = stableId(`payment:${brand.id}:${player.key}:deposit:${index + 1}`);
      // The key (and content) of the ledger posting the first seed made: replayed, not posted twice.
      await ledger.postWithin(tx, {
        idempotencyKey: `seed:${brand.id}:${player.key}:deposit:${index + 1}`, walletId, kind: 'Deposit', entries: depositEntries(amountMinor),
        metadata: { source: 'seed', paymentId, provider, status: 'Completed' },
      });
      await insert('Deposit', provider, amountMinor, `deposit:${index + 1}`, 3 * (amounts.length - index) + 1);
    }
    const deposited = amounts.reduce((sum, amount) => sum + amount, 0n);
    const left = majorToMinor(player.cash, logins.currency);
    if (deposited > left) {
      const paidOut = deposited - left;
      const provider = depositProvider(0);
      const paymentId = stableId(`payment:${brand.id}:${player.key}:withdrawal:1`);
      await ledger.postWithin(tx, { idempotencyKey: `seed:${brand.id}:${player.key}:withdrawal:1:hold`, walletId, kind: WITHDRAWAL_HOLD.kind, entries: WITHDRAWAL_HOLD.entries(paidOut), metadata: { source: 'seed', paymentId, provider, status: 'Initialized' } });
      await ledger.postWithin(tx, {
        idempotencyKey: `seed:${brand.id}:${player.key}:withdrawal:1:paid`, walletId, kind: 'Withdrawal',
        entries: [{ account: 'pending', amountMinor: -paidOut }, { account: 'house:payments', amountMinor: paidOut }],
        metadata: { source: 'seed', paymentId, provider, status: 'Completed' },
      });
      await insert('Withdrawal', provider, paidOut, 'withdrawal:1', 1);
    }
  }
}

async function seedBrand(tx: Queryable, brand: Brand, ledger: Ledger, passwordHash: string, players: readonly DemoPlayer[]): Promise<void> {
  const now = Date.now();
  for (const player of players) {
    const logins = demoLogins(brand, player);
    const { id, walletId } = await createPlayer(tx, {
      id: logins.id,
      brand: brand.id,
      username: logins.username,
      email: logins.email,
      emailVerified: true,
      phoneNumber: logins.phone,
      phoneVerified: true,
      passwordHash,
      bankIdentity: logins.bankIdentity,
      language: brand.locales.find((entry) => entry.isDefault)?.locale ?? 'en',
      realityCheckPeriod: licenceProfile(brand.license).realityCheckDefault,
      countryCode: logins.country,
      currency: logins.currency,
      firstName: player.firstName,
      lastName: player.lastName,
      street: 'Demo Street 1',
      city: 'Demo City',
      zipCode: '00100',
      dateOfBirth: '1990-05-17',
      demoKey: player.key,
      marketing: player.key === 'verified',
      overrides: player.overrides?.(now) ?? {},
      ...(player.customer ? { customer: player.customer } : {}),
    });
    // Balances come from the ledger like any other money: the deposits (seedDemoPayments) bring the
    // cash, a bonus credit adds the bonus.
    const bonus = majorToMinor(player.bonus, logins.currency);
    if (bonus > 0n) {
      await ledger.postWithin(tx, {
        idempotencyKey: `seed:${brand.id}:${player.key}:bonus`,
        walletId,
        kind: 'BonusCredit',
        entries: [{ account: 'bonus', amountMinor: bonus }, { account: 'house:bonus', amountMinor: -bonus }],
        metadata: { source: 'seed' },
      });
    }
    if (player.key === 'gamification-blocked') {
      await tx.query('insert into gamification_players (player_id, brand, blocked) values ($1, $2, true) on conflict (player_id) do update set blocked = true, opted_in = false', [id, brand.id]);
    }
    if (player.key === 'verified' || player.key === 'popups') {
      await tx.query(
        `insert into recently_played_games (player_id, game_id, played_at)
         select $1, e.game_id, now() - make_interval(mins => e.position * 37)
           from game_list_entries e where e.list_slug = 'hot-games' and e.position <= 6`,
        [id],
      );
    }
  }
}

/** platform/DEMO-PLAYERS.md for the given brands. */
export function demoPlayersMarkdown(brands: BrandRegistry): string {
  const lines = [
    '# Demo players',
    '',
    '<!-- Generated by `npx node platform/src/players/demo-players-doc.ts` from platform/src/players/demo.ts; do not edit. -->',
    '',
    'Every brand has the same set of demo players, seeded once on the platform\'s first start (deterministic',
    'ids and logins; deadlines and exclusion ends are relative to the seeding moment). Sign in as any of them:',
    '',
    `* **Identity provider (Keycloak flow):** username or email and the password \`${DEMO_PASSWORD}\`.`,
    '* **SMS:** the phone number; the code appears at `/platform/sms-outbox` (and in the platform log).',
    '* **Pay-and-play (Trustly, Zimpler, PIQ):** pick the bank identity on the sandbox bank page.',
    '',
    'Emails are `<username>@<brand>.demo`; bank identities are `<brand>-<username>`. Phone numbers are the',
    "brand's country code, `555` and the player's number in the table. Deposits are the completed deposits",
    'in the player\'s deposit history (Trustly, Zimpler and PaymentIQ in turn; a closed account withdrew its',
    'money again). Tests and demos can change a player further with the sandbox mutations',
    '(`PLATFORM_ENABLE_SANDBOX_ADMIN=1`, see README).',
    '',
  ];
  for (const brand of brands.values()) {
    lines.push(`## ${brand.title} (\`${brand.id}\`, ${brand.currency}, ${brand.defaultCountry}, ${brand.license})`, '');
    lines.push('| Username | Phone | Wallet | Deposits | State |', '|---|---|---|---|---|');
    for (const player of DEMO_PLAYERS) {
      const logins = demoLogins(brand, player);
      const money = `${player.cash} ${logins.currency}${player.bonus ? ` + ${player.bonus} bonus` : ''}`;
      lines.push(`| \`${logins.username}\` | \`${logins.phone}\` | ${money} | ${player.deposits} | ${player.state} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}`;
}
