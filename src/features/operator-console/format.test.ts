import { describe, expect, it } from 'vitest';
import { fillOperatorText } from '../../i18n/operator/en.ts';
import { filterQuery } from './api.ts';
import { consoleTime } from './ui.tsx';

describe('the console’s small formatting rules', () => {
  it('sends only the filter fields that were given', () => {
    expect(filterQuery({ playerId: 'p 1', visitorId: '', from: null, to: '2026-01-01T00:00:00Z' })).toBe('?playerId=p+1&to=2026-01-01T00%3A00%3A00Z');
    expect(filterQuery({ playerId: '', visitorId: undefined })).toBe('');
  });

  it('shows times in UTC to the minute, and leaves an unknown placeholder visible', () => {
    expect(consoleTime('2026-11-29T03:48:59.123Z')).toBe('2026-11-29 03:48 UTC');
    expect(consoleTime(null)).toBe('');
    expect(fillOperatorText('{name} is {status}; {other}', { name: 'a.pdf', status: 'Approved' })).toBe('a.pdf is Approved; {other}');
  });
});
