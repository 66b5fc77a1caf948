import { describe, expect, it } from 'vitest';
import { localTime } from './SchedulePanel.tsx';
import { diffLines } from './VersionsPanel.tsx';

describe('the editors\' history views', () => {
  it('mark each changed line added or removed and fold long unchanged runs', () => {
    const same = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n') + '\n';
    const lines = diffLines([
      { added: false, removed: false, value: same },
      { added: false, removed: true, value: '  "title": "Old"\n' },
      { added: true, removed: false, value: '  "title": "New"\n' },
      { added: false, removed: false, value: same },
    ]);
    expect(lines.filter((line) => line.kind === 'removed')).toEqual([{ kind: 'removed', text: '  "title": "Old"' }]);
    expect(lines.filter((line) => line.kind === 'added')).toEqual([{ kind: 'added', text: '  "title": "New"' }]);
    expect(lines.filter((line) => line.kind === 'fold')).toEqual([{ kind: 'fold', count: 17 }, { kind: 'fold', count: 17 }]);
    expect(lines).toHaveLength(3 + 1 + 1 + 1 + 3 + 1);
  });

  it('show a scheduled time in the operator\'s zone, naming the zone', () => {
    expect(localTime('2026-12-01T09:30:00.000Z')).toMatch(/2026.*\d\d:\d\d.*(UTC|GMT|[A-Z]{2,5}|[+-]\d)/);
    expect(localTime('not a time')).toBe('not a time');
  });
});
