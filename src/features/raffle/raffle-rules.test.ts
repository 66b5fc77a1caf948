import { describe, expect, it } from 'vitest';
import { formatCountdown, showableWinners, visibleDrops, type RaffleDropWindow, type RaffleWinnerRow } from './raffle-rules.ts';

const winner = (overrides: Partial<RaffleWinnerRow> = {}): RaffleWinnerRow => ({
  winnerInitials: 'A.V.', winAmount: '25.00', winCurrency: 'EUR', brand: 'aurelia', timestamp: '2026-01-05T15:00:00.000Z',
  instanceId: 'aurelia-hourly-20260105T1400', jackpotName: 'hourly', cursor: 'c1', ...overrides,
});

describe('raffle winners', () => {
  it('leaves out a winner lacking initials, amount, currency, timestamp or brand', () => {
    const complete = winner();
    const rows = [
      complete,
      winner({ winnerInitials: '' }), winner({ winAmount: null }), winner({ winCurrency: ' ' }),
      winner({ timestamp: null }), winner({ brand: '' }), winner({ winAmount: 'lots' }), winner({ timestamp: 'yesterday' }),
    ];
    expect(showableWinners([{ winners: rows }])).toEqual([complete]);
  });

  it('keeps the newest 15, newest first, across draws', () => {
    const draws = Array.from({ length: 4 }, (_, draw) => ({
      winners: Array.from({ length: 5 }, (_, rank) => winner({ cursor: `${draw}-${rank}`, timestamp: new Date(Date.UTC(2026, 0, 1, draw, 0, rank)).toISOString() })),
    }));
    const shown = showableWinners(draws);
    expect(shown).toHaveLength(15);
    expect(shown[0]!.cursor).toBe('3-4');
    expect(shown.at(-1)!.cursor).toBe('1-0');
  });
});

describe('raffle drops', () => {
  const window = (type: RaffleDropWindow['type'], value: string | null): RaffleDropWindow => ({
    id: `aurelia-${type}`, type, timestamp_start: '2026-01-05T14:00:00.000Z', timestamp_end: '2026-01-05T15:00:00.000Z',
    pots: value === null ? [] : [{ id: 'total', current_value: value }],
  });

  it('hides a drop with no pot or a zero pot and keeps hourly, daily, weekly order', () => {
    const shown = visibleDrops([window('weekly', '1900.00'), window('hourly', '25.00'), window('daily', '0.00')]);
    expect(shown.map((drop) => [drop.type, drop.prize])).toEqual([['hourly', '25.00'], ['weekly', '1900.00']]);
    expect(visibleDrops([window('hourly', null), window('daily', '0')])).toEqual([]);
  });
});

describe('countdowns', () => {
  it('writes hours, minutes and seconds under a day and adds the days from a day up', () => {
    expect(formatCountdown(59 * 60_000 + 9_500, '{days} d {time}')).toBe('00:59:09');
    expect(formatCountdown(2 * 86_400_000 + 5 * 3_600_000 + 4 * 60_000 + 3_000, '{days} pv {time}')).toBe('2 pv 05:04:03');
    expect(formatCountdown(-5_000, '{days} d {time}')).toBe('00:00:00');
  });
});
