/**
 * The countdown calendar (issue 29): one door per day of the campaign in its time zone. Today's
 * door gives its reward once, through the reward engine's `assign` (key
 * `calendar:<campaign>:<date>:<player>`); a past door shows Claimed or Missed, a future one Locked
 * until its midnight. "Today" is the platform clock's date in the campaign's zone, or, for a player
 * the sandbox has given a day override, that day (tests and demos; never in production, where the
 * sandbox is off).
 */
import type { ContentStore } from '../content/store.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { RewardsService } from '../rewards/service.ts';
import type { CalendarContent } from './content.ts';

/** A door's state for a player. */
export type DoorState = 'Claimed' | 'Open' | 'Missed' | 'Locked';

/** One door as a player sees it. */
export interface Door {
  date: string;
  rewardId: string;
  state: DoorState;
  /** The reward given, once Claimed. */
  assignationId: string | null;
}

/** A campaign as a player sees it. */
export interface CalendarView {
  id: string;
  timeZone: string;
  /** The player's "today" in the campaign's zone (YYYY-MM-DD). */
  today: string;
  doors: Door[];
}

/** The service. */
export interface CalendarService {
  /** The brand's campaign with the player's doors; null when the brand has no such campaign. */
  view(playerId: string, campaignId: string): Promise<CalendarView | null>;
  /** Opens today's door: gives its reward once (a second open answers the same). */
  open(playerId: string, campaignId: string, date: string): Promise<Door>;
  /** Sandbox: sets (or with null clears) the player's calendar day. */
  overrideDay(playerId: string, day: string | null): Promise<void>;
}

/** The date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** A door's state from its date, today and whether it was claimed. */
export function doorState(date: string, today: string, claimed: boolean): DoorState {
  if (claimed) return 'Claimed';
  if (date === today) return 'Open';
  return date < today ? 'Missed' : 'Locked';
}

/** Creates the service. */
export function createCalendarService(options: { db: Db; content: ContentStore; rewards: RewardsService; clock: () => Date }): CalendarService {
  const { db, content, rewards, clock } = options;
  const keyOf = (campaign: string, date: string, playerId: string) => `calendar:${campaign}:${date}:${playerId}`;

  async function load(playerId: string, campaignId: string): Promise<{ calendar: CalendarContent; today: string } | null> {
    const { rows } = await db.query<{ brand: string; day: string | null }>(
      `select p.brand, to_char(o.day, 'YYYY-MM-DD') as day from players p left join calendar_day_overrides o on o.player_id = p.id where p.id = $1`,
      [playerId],
    );
    const row = rows[0];
    if (!row) throw new PlatformError('NotFound', `No player "${playerId}"`);
    const calendar = await content.calendar(row.brand);
    if (!calendar || calendar.id !== campaignId) return null;
    return { calendar, today: row.day ?? dateIn(clock(), calendar.timeZone) };
  }

  async function claimed(playerId: string, calendar: CalendarContent): Promise<Map<string, string>> {
    const keys = calendar.doors.map((door) => keyOf(calendar.id, door.date, playerId));
    const { rows } = await db.query<{ id: string; idempotency_key: string }>('select id, idempotency_key from reward_assignations where idempotency_key = any($1::text[])', [keys]);
    const byKey = new Map(rows.map((row) => [row.idempotency_key, row.id]));
    return new Map(calendar.doors.flatMap((door) => {
      const id = byKey.get(keyOf(calendar.id, door.date, playerId));
      return id ? [[door.date, id] as const] : [];
    }));
  }

  return {
    async view(playerId, campaignId) {
      const found = await load(playerId, campaignId);
      if (!found) return null;
      const given = await claimed(playerId, found.calendar);
      return {
        id: found.calendar.id, timeZone: found.calendar.timeZone, today: found.today,
        doors: [...found.calendar.doors].sort((a, b) => a.date.localeCompare(b.date)).map((door) => ({
          date: door.date, rewardId: door.rewardId, state: doorState(door.date, found.today, given.has(door.date)), assignationId: given.get(door.date) ?? null,
        })),
      };
    },
    async open(playerId, campaignId, date) {
      const found = await load(playerId, campaignId);
      if (!found) throw new PlatformError('NotFound', `No calendar "${campaignId}" on this brand`);
      const door = found.calendar.doors.find((entry) => entry.date === date);
      if (!door) throw new PlatformError('NotFound', `No door for ${date} in calendar "${campaignId}": use a date from its doors`);
      const existing = (await claimed(playerId, found.calendar)).get(date);
      if (existing) return { date, rewardId: door.rewardId, state: 'Claimed', assignationId: existing };
      if (date !== found.today) {
        const why = date < found.today ? `its day (${date}) has passed: a door opens on its own day only` : `it opens on ${date} (today is ${found.today} in ${found.calendar.timeZone})`;
        throw new PlatformError('RewardNotClaimable', `This door cannot be opened: ${why}`, { date, today: found.today });
      }
      const assignation = await rewards.assign({ playerId, rewardId: door.rewardId, idempotencyKey: keyOf(campaignId, date, playerId), reason: `Calendar ${campaignId}` });
      return { date, rewardId: door.rewardId, state: 'Claimed', assignationId: assignation.id };
    },
    async overrideDay(playerId, day) {
      if (day === null) {
        await db.query('delete from calendar_day_overrides where player_id = $1', [playerId]);
        return;
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new PlatformError('BadUserInput', `day "${day}" is not a date such as 2024-12-05`);
      await db.query('insert into calendar_day_overrides (player_id, day) values ($1, $2) on conflict (player_id) do update set day = excluded.day', [playerId, day]);
    },
  };
}
