/**
 * The countdown calendar (issue 29): doors by date in the campaign's time zone, today's door giving
 * its reward once through the reward engine, past doors Missed or Claimed, future doors Locked, and
 * the sandbox's per-player day override that tests move the calendar with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFile } from '../src/calendar/content.ts';
import { dateIn, doorState } from '../src/calendar/service.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, type JackpotPlayer } from './jackpot-support.ts';
import { rewardsContent, SPIN_GAME, TEST_REWARDS } from './rewards-support.ts';

const VIEW = 'query { viewer { countdownCalendar(id: "christmas-2024") { today timeZone doors { date state rewardName assignationId } } } }';
const OPEN = 'mutation ($d: String!) { openCalendarDoor(calendarId: "christmas-2024", date: $d) { date state rewardName assignationId } }';
const DAY = 'mutation ($p: ID!, $d: String) { sandboxSetCalendarDay(playerId: $p, day: $d) }';

describe('calendar days', () => {
  it('turn at midnight in the campaign\'s zone, and a door is Open on its day only', () => {
    // 22:30 UTC on 4 December is already the 5th in Helsinki (UTC+2) and still the 4th in Toronto.
    const instant = new Date('2024-12-04T22:30:00Z');
    expect(dateIn(instant, 'Europe/Helsinki')).toBe('2024-12-05');
    expect(dateIn(instant, 'America/Toronto')).toBe('2024-12-04');
    expect(doorState('2024-12-05', '2024-12-05', false)).toBe('Open');
    expect(doorState('2024-12-04', '2024-12-05', false)).toBe('Missed');
    expect(doorState('2024-12-04', '2024-12-05', true)).toBe('Claimed');
    expect(doorState('2024-12-06', '2024-12-05', false)).toBe('Locked');
  });

  it('say what is wrong in calendar.json', () => {
    const parsed = calendarFile.safeParse({ id: 'christmas-2024', timeZone: 'Mars/Olympus', doors: [{ date: '2024-12-01', rewardId: 'a' }, { date: '2024-12-01', rewardId: 'b' }] });
    const text = JSON.stringify(parsed.error?.issues);
    expect(text).toContain('an IANA time zone');
    expect(text).toContain('a date is used twice');
  });
});

describe.each(DATABASES)('the countdown calendar on $name', (database) => {
  let app: TestPlatform;
  let content: ReturnType<typeof rewardsContent>;
  let player: JackpotPlayer;

  beforeAll(async () => {
    const demo = [
      { variant: 'MoneyDropReward', rewardId: 'weekend-drop', name: { en: 'Drop', fi: 'Pudotus' }, rewardType: 'Incentive', claimType: 'manual', amount: '5.00', currency: 'EUR' },
      { variant: 'FreeSpinReward', rewardId: 'welcome-spins', name: 'Spins', rewardType: 'Incentive', claimType: 'manual', amount: 10, value: '0.50', currency: 'EUR', betLevel: 1, game: SPIN_GAME },
      { variant: 'MoneyDropReward', rewardId: 'loyalty-cash', name: 'Cash', rewardType: 'Incentive', claimType: 'automatic', amount: '2.00', currency: 'EUR' },
      { variant: 'BonusMoneyDropReward', rewardId: 'reload-bonus', name: { en: 'Reload', fi: 'Uudelleentalletus' }, rewardType: 'Incentive', claimType: 'manual', amount: '20.00', currency: 'EUR', wageringRequirementFactor: 10, maxPayout: '100.00' },
    ];
    content = rewardsContent([...TEST_REWARDS, ...demo]);
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, rewardsIntervalMs: 0, promotionsIntervalMs: 0 });
    player = await jackpotPlayer(app, 'verified');
  });
  afterAll(async () => {
    await app?.close();
    content?.remove();
  });

  it('opens today\'s door once, refuses past and future doors with why, and shows each door\'s state', async () => {
    expect((await app.gql(DAY, { p: player.id, d: '2024-12-05' })).errors).toBeUndefined();
    const opened = await Promise.all([1, 2].map(() => app.gql(OPEN, { d: '2024-12-05' }, { ...bearer(player.token), 'x-locale': 'fi' })));
    for (const answer of opened) expect(answer.errors).toBeUndefined();
    expect(opened[0]!.data.openCalendarDoor).toMatchObject({ date: '2024-12-05', state: 'Claimed', rewardName: 'Uudelleentalletus' });
    expect(opened[1]!.data.openCalendarDoor.assignationId).toBe(opened[0]!.data.openCalendarDoor.assignationId);
    const given = await app.platform.db.query<{ n: number }>(`select count(*)::int as n from reward_assignations where player_id = $1 and reason = 'Calendar christmas-2024'`, [player.id]);
    expect(given.rows[0]?.n).toBe(1);

    const past = await app.gql(OPEN, { d: '2024-12-04' }, bearer(player.token));
    expect(past.errors?.[0]?.extensions.reason).toBe('RewardNotClaimable');
    expect(past.errors?.[0]?.message).toContain('has passed');
    const future = await app.gql(OPEN, { d: '2024-12-06' }, bearer(player.token));
    expect(future.errors?.[0]?.message).toContain('it opens on 2024-12-06 (today is 2024-12-05 in Europe/Helsinki)');

    const view = (await app.gql(VIEW, {}, bearer(player.token))).data.viewer.countdownCalendar;
    expect(view).toMatchObject({ today: '2024-12-05', timeZone: 'Europe/Helsinki' });
    expect(view.doors).toHaveLength(24);
    expect(view.doors.slice(3, 6).map((door: { state: string }) => door.state)).toEqual(['Missed', 'Claimed', 'Locked']);

    // The next day the door is still Claimed and the new one Open; without the override, 2026 makes every door past.
    await app.gql(DAY, { p: player.id, d: '2024-12-06' });
    const next = (await app.gql(VIEW, {}, bearer(player.token))).data.viewer.countdownCalendar.doors;
    expect(next.slice(4, 6).map((door: { state: string }) => door.state)).toEqual(['Claimed', 'Open']);
    await app.gql(DAY, { p: player.id, d: null });
    const real = (await app.gql(VIEW, {}, bearer(player.token))).data.viewer.countdownCalendar;
    expect(real.today).toBe(dateIn(new Date(), 'Europe/Helsinki'));
  });
});
