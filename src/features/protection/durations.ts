/**
 * Durations in the player's language ("7 days", "6 Monate", "30 minuuttia") through Intl's unit
 * formatting, so the protection pages need no translated word for each length a licence offers.
 */
import { languageTag, type Locale } from '../../i18n/locales.ts';

/** A duration in the largest whole unit: minutes or hours, days, months (30 days) or years (365 days). */
export function formatDuration(amount: number, unit: 'minute' | 'hour' | 'day', locale: Locale): string {
  const format = (value: number, as: 'minute' | 'hour' | 'day' | 'month' | 'year') =>
    new Intl.NumberFormat(languageTag(locale), { style: 'unit', unit: as, unitDisplay: 'long' }).format(value);
  if (unit === 'minute') return amount % 60 === 0 ? format(amount / 60, 'hour') : format(amount, 'minute');
  const days = unit === 'hour' ? amount / 24 : amount;
  if (!Number.isInteger(days)) return format(amount, 'hour');
  if (days === 1) return format(24, 'hour');
  if (days % 365 === 0) return format(days / 365, 'year');
  if (days >= 60 && days % 30 === 0) return format(days / 30, 'month');
  return format(days, 'day');
}
