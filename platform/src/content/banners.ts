/**
 * The operator's account banners as content: `content/<brand>/banners.json` lists banners of the
 * types in shared/operator-banners.ts, each with its text per locale, an optional link, and who
 * sees it when (countries of the player's account, the brand's licences, a from/until window).
 * Checked strictly, banner by banner, so a broken save names the banner and the field.
 */
import { z } from 'zod';
import { LICENCES, type Licence } from '../../../shared/brand-schema.ts';
import { OPERATOR_BANNER_TYPES, type OperatorBannerType } from '../../../shared/operator-banners.ts';
import { describeIssues, friendlyErrors } from '../validation.ts';
import { httpsUrl, internalHref, localisedText, slug } from './blocks.ts';

/** The file name of a brand's banners in its content folder. */
export const BANNERS_FILE = 'banners.json';

const isoTime = z.iso.datetime({ offset: true, error: 'an ISO 8601 time with its offset, such as "2026-11-01T00:00:00Z"' });

/** One banner as the editor writes it. */
export const operatorBanner = z.strictObject({
  /** Stable id, unique in the file. */
  id: slug,
  type: z.enum(OPERATOR_BANNER_TYPES, { error: `one of ${OPERATOR_BANNER_TYPES.join(', ')}` }),
  /** The banner's words; en is required and is the fallback. */
  text: localisedText,
  /** Where the banner leads: a lobby path ("/withdraw/") or an https URL, with its label per locale. */
  link: z.strictObject({ href: z.union([internalHref, httpsUrl], { error: 'a lobby path such as "/withdraw/" or an https:// URL' }), label: localisedText }).optional(),
  /** Players whose account is in one of these countries (ISO codes such as "DE"); absent: every country. */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code in capitals, such as "DE"')).min(1).optional(),
  /** Brands under one of these licences; absent: every licence. */
  licences: z.array(z.enum(LICENCES, { error: `one of ${LICENCES.join(', ')}` })).min(1).optional(),
  /** Shown from this time (inclusive); absent: at once. */
  from: isoTime.optional(),
  /** Shown until this time (exclusive); absent: until removed. */
  until: isoTime.optional(),
});

/** `content/<brand>/banners.json`. */
export const bannersFile = z.strictObject({
  $schema: z.string().optional(),
  /** A note for editors; ignored. */
  $comment: z.string().optional(),
  banners: z.array(z.record(z.string(), z.unknown())).max(50, 'at most 50 banners: a player reads a few notices, not a feed'),
});

/** A validated banner. */
export interface OperatorBannerContent {
  id: string;
  type: OperatorBannerType;
  text: Record<string, string>;
  link: { href: string; label: Record<string, string> } | null;
  countries: string[] | null;
  licences: Licence[] | null;
  from: string | null;
  until: string | null;
}

/** Checks a parsed banners file banner by banner; returns the banners, or the problems (each naming the banner and the field). */
export function checkOperatorBanners(entries: readonly Record<string, unknown>[]): { banners: OperatorBannerContent[]; problems: string[] } {
  const problems: string[] = [];
  const banners: OperatorBannerContent[] = [];
  const ids = new Set<string>();
  for (const [index, raw] of entries.entries()) {
    const label = typeof raw.id === 'string' ? `banner "${raw.id}"` : `banner #${index + 1}`;
    const parsed = operatorBanner.safeParse(raw, friendlyErrors);
    if (!parsed.success) {
      problems.push(...describeIssues(parsed.error.issues).map((problem) => `${label}: ${problem}`));
      continue;
    }
    const banner = parsed.data;
    if (ids.has(banner.id)) problems.push(`${label}: id is used by an earlier banner; give each banner its own id`);
    ids.add(banner.id);
    if (banner.from && banner.until && Date.parse(banner.from) >= Date.parse(banner.until)) {
      problems.push(`${label}: field "until": ${banner.until} is not after "from" ${banner.from}; the banner would never show`);
      continue;
    }
    banners.push({
      id: banner.id,
      type: banner.type,
      text: banner.text as Record<string, string>,
      link: banner.link ? { href: banner.link.href, label: banner.link.label as Record<string, string> } : null,
      countries: banner.countries ?? null,
      licences: banner.licences ?? null,
      from: banner.from ?? null,
      until: banner.until ?? null,
    });
  }
  return { banners, problems };
}

/** The banners a brand under a licence serves at a time: its licence's, and not yet over (the lobby checks the player's country and the start). */
export function servedBanners(banners: readonly OperatorBannerContent[], licence: Licence, now: Date): OperatorBannerContent[] {
  return banners.filter((banner) => (!banner.licences || banner.licences.includes(licence)) && (!banner.until || Date.parse(banner.until) > now.getTime()));
}
