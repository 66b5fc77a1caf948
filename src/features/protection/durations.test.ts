import { describe, expect, it } from 'vitest';
import { formatDuration } from './durations.ts';

describe('durations', () => {
  it('names each length a licence offers in the largest whole unit, in the locale', () => {
    expect(formatDuration(30, 'minute', 'en')).toBe('30 minutes');
    expect(formatDuration(120, 'minute', 'en')).toBe('2 hours');
    expect(formatDuration(24, 'hour', 'en')).toBe('24 hours');
    expect(formatDuration(168, 'hour', 'en')).toBe('7 days');
    expect(formatDuration(720, 'hour', 'en')).toBe('30 days');
    expect(formatDuration(180, 'day', 'en')).toBe('6 months');
    expect(formatDuration(365, 'day', 'en')).toBe('1 year');
    expect(formatDuration(1825, 'day', 'en')).toBe('5 years');
    expect(formatDuration(180, 'day', 'de')).toBe('6 Monate');
    expect(formatDuration(60, 'minute', 'fi')).toBe('1 tunti');
  });
});
