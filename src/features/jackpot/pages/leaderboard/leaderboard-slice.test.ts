import { describe, expect, it } from 'vitest';
import { initialLeaderboardRows, leaderboardSlice, nextLeaderboardRows, pinOwnRow } from './leaderboard-slice.ts';

const entries = Array.from({ length: 100 }, (_, index) => index + 1);

describe('leaderboard paging', () => {
  it('starts with 10 rows on a phone, 12 on a wider screen and 11 there with the own row pinned', () => {
    expect(initialLeaderboardRows(true, false)).toBe(10);
    expect(initialLeaderboardRows(true, true)).toBe(10);
    expect(initialLeaderboardRows(false, false)).toBe(12);
    expect(initialLeaderboardRows(false, true)).toBe(11);
  });

  it('adds 10 per Show More and stops at the top 50 or at the entries there are', () => {
    expect(nextLeaderboardRows(10, 100)).toBe(20);
    expect(nextLeaderboardRows(42, 100)).toBe(50);
    expect(nextLeaderboardRows(50, 100)).toBe(50);
    expect(nextLeaderboardRows(12, 15)).toBe(15);
  });

  it('shows the first rows and offers more only while the top 50 has rows left', () => {
    expect(leaderboardSlice(entries, 12)).toEqual({ rows: entries.slice(0, 12), more: true });
    expect(leaderboardSlice(entries, 50)).toEqual({ rows: entries.slice(0, 50), more: false });
    expect(leaderboardSlice(entries, 80).rows).toHaveLength(50);
    expect(leaderboardSlice(entries.slice(0, 7), 12)).toEqual({ rows: entries.slice(0, 7), more: false });
  });

  it('pins the player’s own row only when it is not among the rows shown', () => {
    expect(pinOwnRow(null, 12)).toBe(false);
    expect(pinOwnRow(5, 12)).toBe(false);
    expect(pinOwnRow(13, 12)).toBe(true);
    expect(pinOwnRow(70, 80)).toBe(true);
  });
});
