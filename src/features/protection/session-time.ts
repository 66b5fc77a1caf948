/**
 * The arithmetic of the session clock (est) and the reality check (mga), pure so it is tested on its
 * own: elapsed time as the clock shows it, and which reminder is due when. Both count from the
 * session's start on the platform (viewer.session.startedAt), so a page load changes nothing.
 */

/** "0:05:09", "1:00:00": hours, minutes and seconds since `startedAt`. */
export function clockText(startedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** The number of whole reality-check intervals since the session started (0 before the first). */
export function remindersDue(startedAt: number, periodMinutes: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / (periodMinutes * 60_000)));
}

/** When reminder number `index` (1 for the first) is due. */
export function reminderAt(startedAt: number, periodMinutes: number, index: number): number {
  return startedAt + index * periodMinutes * 60_000;
}

/** The reminder the player last acknowledged in this session, from the stored "sid:index" value. */
export function acknowledged(stored: string | null, sessionId: string): number {
  if (!stored) return 0;
  const [sid, index] = stored.split(':');
  return sid === sessionId && index && /^\d+$/.test(index) ? Number(index) : 0;
}
