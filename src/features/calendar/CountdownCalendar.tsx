/**
 * The countdown calendar island (/christmas-2024/): one door per day, in a grid the arrow keys move
 * through (Home and End too). Today's door opens and gives its reward once; a past door shows
 * Claimed or Missed, a future one Locked with its date, and choosing either says why it does not
 * open. Opening animates only when the player has not asked for reduced motion (the page's CSS).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDate } from '../../i18n/dates.ts';
import { fillText as fill } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { CountdownCalendarDocument, OpenCalendarDoorDocument, type CountdownCalendarQuery } from '../../lib/graphql/generated/player.ts';
import { playerRequest } from '../session/player-call.ts';
import { usePlayerRead } from '../session/use-player-read.ts';
import type { CalendarTexts } from './texts.ts';

type Calendar = NonNullable<NonNullable<CountdownCalendarQuery['viewer']>['countdownCalendar']>;
type Door = Calendar['doors'][number];

const dayOf = (date: string) => Number(date.slice(8, 10));

/** The calendar. */
export default function CountdownCalendar({ id, locale, texts, rewardsHref, signInHref }: { id: string; locale: Locale; texts: CalendarTexts; rewardsHref: string; signInHref: string }) {
  const [calendar, setCalendar] = useState<Calendar | null | 'closed'>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean; link?: boolean } | null>(null);
  const doors = useRef<(HTMLButtonElement | null)[]>([]);

  const failure = usePlayerRead(() => playerRequest(CountdownCalendarDocument, { id, locale }), (data) => {
    if (!data.viewer) return 'signIn';
    setCalendar(data.viewer.countdownCalendar ?? 'closed');
  }, [id, locale]);

  if (failure === 'signIn') return <p><a href={signInHref}>{texts.signIn}</a></p>;
  if (failure === 'load') return <p role="alert">{texts.loadError}</p>;
  if (calendar === null) return <p aria-busy="true">{texts.loading}</p>;
  if (calendar === 'closed') return <p>{texts.closed}</p>;

  const longDate = (date: string) => formatDate(`${date}T12:00:00Z`, locale, { dateStyle: 'long', timeZone: 'UTC' });
  const stateText = (door: Door) =>
    door.state === 'Open' ? texts.open : door.state === 'Claimed' ? texts.claimed : door.state === 'Missed' ? texts.missed : fill(texts.locked, { date: longDate(door.date) });

  const choose = async (door: Door) => {
    if (door.state === 'Missed') return setMessage({ text: texts.missedNote, error: true });
    if (door.state === 'Locked') return setMessage({ text: fill(texts.lockedNote, { date: longDate(door.date) }), error: true });
    if (door.state === 'Claimed' || busy) return undefined;
    setBusy(true);
    setMessage(null);
    try {
      const { openCalendarDoor } = await playerRequest(OpenCalendarDoorDocument, { calendarId: id, date: door.date, locale });
      setCalendar({ ...calendar, doors: calendar.doors.map((entry) => (entry.date === door.date ? { ...entry, state: openCalendarDoor.state } : entry)) });
      setMessage({ text: fill(texts.opened, { day: dayOf(door.date), reward: openCalendarDoor.rewardName }), error: false, link: true });
    } catch {
      setMessage({ text: texts.failed, error: true });
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = calendar.doors.length - 1;
    // Doors in one row share their top: the row's length is how far up and down move.
    const top = doors.current[0]?.offsetTop;
    const columns = Math.max(1, doors.current.filter((door) => door?.offsetTop === top).length);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, ArrowDown: index + columns, ArrowUp: index - columns, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    doors.current[Math.max(0, Math.min(last, next))]?.focus();
  };

  return (
    <div className="calendar" data-testid="calendar">
      <p className="calendar__intro">{fill(texts.intro, { zone: calendar.timeZone })}</p>
      <div className="calendar__message" role="status">
        {message && !message.error && <p>{message.text} {message.link && <a href={rewardsHref}>{texts.rewardsLink}</a>}</p>}
      </div>
      {message?.error && <p className="calendar__problem" role="alert">{message.text}</p>}
      <ol className="calendar__doors" aria-label={texts.doors}>
        {calendar.doors.map((door, index) => (
          <li key={door.date}>
            <button
              ref={(element) => {
                doors.current[index] = element;
              }}
              type="button"
              className={`calendar__door calendar__door--${door.state.toLowerCase()}`}
              aria-disabled={door.state !== 'Open'}
              aria-busy={busy && door.state === 'Open'}
              onClick={() => void choose(door)}
              onKeyDown={(event) => move(event, index)}
            >
              <span className="calendar__day" aria-hidden="true">{dayOf(door.date)}</span>
              <span className="visually-hidden">{longDate(door.date)}: </span>
              <span className="calendar__state">{stateText(door)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
