/**
 * The session clock (est): the time since this session signed in, in the header, counted from the
 * session's start on the platform so a page load does not reset it. It ticks once a second by
 * changing one text node.
 */
import { useEffect, useState } from 'react';
import { loadSession } from './api.ts';
import { clockText } from './session-time.ts';

/** The clock; nothing until the platform has said when the session started. */
export default function SessionClock({ label }: { label: string }) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    let current = true;
    loadSession().then((session) => {
      if (!current) return;
      setStartedAt(Date.parse(session.startedAt));
      setNow(Date.now());
    }, () => {});
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);
  if (startedAt === null) return null;
  return (
    <span className="session-clock" role="timer" aria-label={label} title={label} data-testid="session-clock">
      {clockText(startedAt, now)}
    </span>
  );
}
