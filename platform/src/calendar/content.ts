/**
 * The countdown calendar as content: `content/<brand>/calendar.json`, one campaign (the lobby's
 * /christmas-2024/ shows the campaign with that id), its time zone, and one door per day, each
 * giving a reward of rewards.json. Read live like the rewards, so an editor changes a door's reward
 * without a deploy.
 */
import { z } from 'zod';

/** The file name of a brand's calendar. */
export const CALENDAR_FILE = 'calendar.json';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as "2024-12-01"').refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'a real calendar date');

/** The file as written. */
export const calendarFile = z.strictObject({
  $comment: z.string().optional(),
  /** The campaign's id, as in its lobby path ("christmas-2024"). */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lower-case slug such as "christmas-2024"'),
  /** The IANA time zone whose midnight turns the doors, such as "Europe/Helsinki". */
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone such as "Europe/Helsinki"'),
  doors: z.array(z.strictObject({ date: day, rewardId: z.string().min(1).max(60) })).min(1).max(366)
    .refine((doors) => new Set(doors.map((door) => door.date)).size === doors.length, 'one door per date: a date is used twice'),
});

/** The calendar as written. */
export type CalendarContent = z.infer<typeof calendarFile>;
