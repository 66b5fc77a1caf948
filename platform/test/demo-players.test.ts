/**
 * The demo players hold what platform/DEMO-PLAYERS.md says: for every player of every brand the
 * documented deposits are the completed deposits of the history, the ledger's Deposit
 * transactions (numberOfDeposits, totalDepositAmount) and add up to what the wallet holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform } from '../src/platform.ts';
import { DEMO_PLAYERS, demoLogins } from '../src/players/demo.ts';
import { depositStats } from '../src/players/repository.ts';
import { majorToMinor } from '../src/ledger/money.ts';
import { bearer, CONTENT_DIR, DATABASES, FIXTURE_BRANDS, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const HISTORY = '{ viewer { player { numberOfDeposits totalDepositAmount } depositHistory(first: 50) { totalCount edges { node { status provider amount account paymentMethod processedAt } } } } }';

describe.each(DATABASES)('demo players on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  /** Per demo player: completed deposits in payments, their sum, the ledger's deposits and the cash balance. */
  async function money() {
    const db = app.platform.db;
    const found: { who: string; documented: number; history: number; historyMinor: bigint; ledger: number; ledgerMinor: bigint; cash: bigint; documentedCash: bigint }[] = [];
    for (const brand of app.platform.brands.values()) {
      for (const player of DEMO_PLAYERS) {
        const logins = demoLogins(brand, player);
        const { rows } = await db.query<{ count: number; total: string; wallet_id: string }>(
          `select count(p.id)::int as count, coalesce(sum(p.amount_minor), 0)::text as total, w.id as wallet_id
             from wallets w left join payments p on p.wallet_id = w.id and p.type = 'Deposit' and p.status = 'Completed'
            where w.player_id = $1 group by w.id`,
          [logins.id],
        );
        const row = rows[0]!;
        const stats = await depositStats(db, row.wallet_id);
        const balance = await app.platform.services.ledger.balances(row.wallet_id);
        found.push({
          who: `${brand.id}/${player.key}`, documented: player.deposits, history: row.count, historyMinor: BigInt(row.total),
          ledger: stats.count, ledgerMinor: stats.totalMinor, cash: balance.cash, documentedCash: majorToMinor(player.cash, logins.currency),
        });
      }
    }
    return found;
  }

  it('every documented deposit is in the history and the ledger, and the cash is what the document says', async () => {
    const found = await money();
    expect(found.length).toBe(DEMO_PLAYERS.length * app.platform.brands.size);
    for (const entry of found) {
      expect({ who: entry.who, history: entry.history, ledger: entry.ledger }).toEqual({ who: entry.who, history: entry.documented, ledger: entry.documented });
      expect(entry.historyMinor, entry.who).toBe(entry.ledgerMinor);
      expect(entry.cash, entry.who).toBe(entry.documentedCash);
    }
  });

  it("the verified player's history lists three completed deposits with provider and account", async () => {
    const tokens = await signInBySms(app, '+3585550001');
    const { data } = await app.gql(HISTORY, {}, bearer(tokens.accessToken));
    expect(data.viewer.player).toEqual({ numberOfDeposits: 3, totalDepositAmount: '250.00' });
    expect(data.viewer.depositHistory.totalCount).toBe(3);
    const nodes = data.viewer.depositHistory.edges.map((edge: { node: Record<string, string> }) => edge.node);
    expect(nodes.map((node: Record<string, string>) => node.status)).toEqual(['Completed', 'Completed', 'Completed']);
    expect(new Set(nodes.map((node: Record<string, string>) => node.provider))).toEqual(new Set(['TRUSTLY', 'ZIMPLER', 'PIQ']));
    expect(nodes.map((node: Record<string, string>) => node.amount).sort()).toEqual(['83.33', '83.33', '83.34']);
    for (const node of nodes) {
      expect(node.account).toMatch(/•••• \d{4} \(Aino Virtanen\)$/);
      expect(node.paymentMethod).toBeTruthy();
      expect(node.processedAt).toBeTruthy();
    }
  });

  it('a database seeded before the payments existed gets them at its next start, without doubling any money', async () => {
    const before = await money();
    const db = app.platform.db;
    await db.query("delete from payments where idempotency_key like 'seed:%'");
    await db.query("delete from platform_seeds where name like 'payments-v1:%'");
    const again = await createPlatform({ brandsDir: FIXTURE_BRANDS, contentDir: CONTENT_DIR, db, demoPlayers: 'seed' });
    try {
      expect(await money()).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
