/**
 * The jackpot service's own configuration (platform/data/jackpots.json, or the `jackpots` option):
 * its instances (which operator runs each, each pot's seed, must-drop ceiling and share of every
 * contribution) and the raffle prizes per brand. This is the service's economics, read at start-up;
 * what players see (enabled, contribution options, images, texts) is content, per brand and country
 * (settings.ts), so editors change it live.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseAmount } from '../ledger/money.ts';
import { describeIssues, displayPath, friendlyErrors } from '../validation.ts';
import { BASE_CURRENCY } from './currencies.ts';

/** The pots of an instance (spec section 3); `total` is their sum, not a pot of its own. */
export const POT_IDS = ['mega', 'major', 'minor', 'shared'] as const;
/** A pot's id. */
export type PotId = (typeof POT_IDS)[number];
/** Display names (spec section 3): total, epic (mega), super (major), mini (minor), shared. */
export const POT_NAMES: Readonly<Record<PotId | 'total', string>> = { mega: 'epic', major: 'super', minor: 'mini', shared: 'shared', total: 'total' };
/** The raffle drops (spec section 2). */
export const RAFFLE_TYPES = ['hourly', 'daily', 'weekly'] as const;
/** A raffle drop's type. */
export type RaffleType = (typeof RAFFLE_TYPES)[number];

const amount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount in EUR such as "1000.00"');
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lower-case slug such as "northstar-jackpot"').max(32, 'at most 32 characters (it names a ledger account)');

const potConfig = z.strictObject({
  /** The value the pot starts from, and restarts from after each drop (EUR). */
  seed: amount,
  /** The pot drops at a hidden point between its seed and this value, chosen when it (re)starts (EUR). */
  mustDropBy: amount,
  /** Percent of every contribution that goes to this pot; the four shares sum to 100. */
  share: z.number().int().min(0).max(100),
});

const raffleDrop = z.strictObject({
  /** Prizes in EUR, one winner each, largest first; none (or all zero) and the drop is not offered. */
  prizes: z.array(amount).max(20),
});
const rafflePrizes = z.strictObject(Object.fromEntries(RAFFLE_TYPES.map((type) => [type, raffleDrop.optional()])) as Record<RaffleType, z.ZodOptional<typeof raffleDrop>>);

/** The file as written. */
export const jackpotsFile = z.strictObject({
  $comment: z.string().optional(),
  instances: z.array(z.strictObject({
    id: slug,
    /** Shown in raffle winners and the instance list. */
    name: z.string().min(1).max(60),
    /** The operator (brand.json `operator`) whose brands may name this instance in their settings. */
    operator: z.string().min(1),
    pots: z.strictObject(Object.fromEntries(POT_IDS.map((id) => [id, potConfig])) as Record<PotId, typeof potConfig>),
  })).min(1),
  /** Raffle prizes per brand id; "default" for brands not named. */
  raffles: z.record(z.string(), rafflePrizes),
});

/** A pot's configuration in base minor units. */
export interface PotConfig {
  seedMinor: bigint;
  mustDropByMinor: bigint;
  share: number;
}

/** An instance as the service uses it. */
export interface JackpotInstanceConfig {
  id: string;
  name: string;
  operator: string;
  pots: Record<PotId, PotConfig>;
}

/** The validated configuration. */
export interface JackpotConfig {
  instances: Map<string, JackpotInstanceConfig>;
  /** Prizes in base minor units per brand and drop ("default" for the rest); empty when not offered. */
  raffles: Map<string, Record<RaffleType, bigint[]>>;
}

/** The shipped configuration. */
export const DEFAULT_JACKPOTS_FILE = new URL('../../data/jackpots.json', import.meta.url);

/** Validates a parsed jackpots file; throws one message naming the file, the field and the fix. */
export function checkJackpotConfig(json: unknown, shown: string): JackpotConfig {
  const parsed = jackpotsFile.safeParse(json, friendlyErrors);
  if (!parsed.success) throw new Error(`${shown}: ${describeIssues(parsed.error.issues).join('; ')}`);
  const instances = new Map<string, JackpotInstanceConfig>();
  for (const [index, instance] of parsed.data.instances.entries()) {
    const where = `${shown}: instances[${index}] ("${instance.id}")`;
    if (instances.has(instance.id)) throw new Error(`${where}: the id is used twice; give each instance its own`);
    const shares = POT_IDS.reduce((sum, id) => sum + instance.pots[id].share, 0);
    if (shares !== 100) throw new Error(`${where}: the pots' shares sum to ${shares}, not 100: every contribution is split whole`);
    const pots = Object.fromEntries(POT_IDS.map((id) => {
      const pot = instance.pots[id];
      const seedMinor = parseAmount(pot.seed, BASE_CURRENCY, `pots.${id}.seed`);
      const mustDropByMinor = parseAmount(pot.mustDropBy, BASE_CURRENCY, `pots.${id}.mustDropBy`);
      if (mustDropByMinor <= seedMinor) throw new Error(`${where}: pots.${id}.mustDropBy ${pot.mustDropBy} must be more than its seed ${pot.seed}`);
      return [id, { seedMinor, mustDropByMinor, share: pot.share }];
    })) as Record<PotId, PotConfig>;
    instances.set(instance.id, { id: instance.id, name: instance.name, operator: instance.operator, pots });
  }
  const raffles = new Map<string, Record<RaffleType, bigint[]>>();
  for (const [brand, drops] of Object.entries(parsed.data.raffles)) {
    raffles.set(brand, Object.fromEntries(RAFFLE_TYPES.map((type) => [
      type,
      (drops[type]?.prizes ?? []).map(scaleCents)
        .filter((minor) => minor > 0n)
        .sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)),
    ])) as Record<RaffleType, bigint[]>);
  }
  return { instances, raffles };
}

/** "12.5" → 1250n: an EUR amount as cents. */
function scaleCents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Reads and validates a jackpots file (start-up: a problem stops the platform with its message). */
export function loadJackpotConfig(file: string | URL = DEFAULT_JACKPOTS_FILE): JackpotConfig {
  const path = file instanceof URL ? file.pathname : file;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${displayPath(path)} cannot be read as JSON: ${(error as Error).message}`);
  }
  return checkJackpotConfig(json, displayPath(path));
}

/** A brand's raffle prizes (its own, else the default ones). */
export function rafflePrizesOf(config: JackpotConfig, brandId: string): Record<RaffleType, bigint[]> {
  return config.raffles.get(brandId) ?? config.raffles.get('default') ?? { hourly: [], daily: [], weekly: [] };
}
