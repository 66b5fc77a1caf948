import { describe, expect, it } from 'vitest';
import { acknowledged, clockText, reminderAt, remindersDue } from './session-time.ts';

const START = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('session time', () => {
  it('shows hours, minutes and seconds since the start', () => {
    expect(clockText(START, START)).toBe('0:00:00');
    expect(clockText(START, START + 309_000)).toBe('0:05:09');
    expect(clockText(START, START + 3_600_000)).toBe('1:00:00');
    expect(clockText(START, START - 5000)).toBe('0:00:00');
  });

  it('counts reminders from the session start, not the page load', () => {
    expect(remindersDue(START, 30, START + 29 * 60_000)).toBe(0);
    expect(remindersDue(START, 30, START + 30 * 60_000)).toBe(1);
    expect(remindersDue(START, 30, START + 95 * 60_000)).toBe(3);
    expect(reminderAt(START, 30, 2)).toBe(START + 60 * 60_000);
  });

  it('reads the acknowledged reminder only for the same session', () => {
    expect(acknowledged(null, 'sid-1')).toBe(0);
    expect(acknowledged('sid-1:3', 'sid-1')).toBe(3);
    expect(acknowledged('sid-0:3', 'sid-1')).toBe(0);
    expect(acknowledged('sid-1:x', 'sid-1')).toBe(0);
  });
});
