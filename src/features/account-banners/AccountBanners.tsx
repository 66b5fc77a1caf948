/**
 * The account banners of the signed-in player (spec section 4), above the page content. Which
 * banners show is decided by `banners.ts` from `$player`, `$customer` and the operator's banners
 * (content/<brand>/banners.json, with their own words and links); they update live (a PlayerUpdated
 * event refetches the player). Each banner is a status message with, where the player can act, a
 * link to the page that resolves it.
 */
import { useEffect } from 'react';
import type { Licence } from '../../../shared/brand-schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $customer } from '../session/customer-store.ts';
import { $player, PLAYER_BEING_CHECKED, type Player } from '../session/player-store.ts';
import { $session, type SessionState } from '../session/session-store.ts';
import { useStoreInTransition } from '../session/use-hydrated.ts';
import { activeBanners, sourceOfWealthAsked, type AccountBannerId, type OperatorBanner } from './banners.ts';
import type { OperatorBannerType } from '../../../shared/operator-banners.ts';
import { openOverlay } from '../overlay/store.ts';
import type { SourceOfWealthOverlayTexts } from '../source-of-wealth/texts.ts';
import { fillText } from '../../i18n/fill.ts';
import { formatDate as formatLocaleDate } from '../../i18n/dates.ts';

/** Texts of the banners, translated on the server. */
export interface BannerTexts {
  region: string;
  /** The account-state banners' words (the operator's banners bring their own). */
  messages: Record<Exclude<AccountBannerId, OperatorBannerType>, string>;
  multipleAccounts: string;
  /** Login-method names for the multiple-accounts message, by flow. */
  methods: Record<string, string>;
  actions: { documents: string; sourceOfWealth: string };
}

interface Props {
  locale: Locale;
  licence: Licence;
  /** The operator's banners for the brand, in the page's locale. */
  operatorBanners: OperatorBanner[];
  texts: BannerTexts;
  paths: { documents: string; sourceOfWealth: string };
  /** OverlaySourceOfWealth: the sow overlay's words; absent when the brand does not enable it or on the form's own page. */
  sowOverlay?: SourceOfWealthOverlayTexts | null;
}

/** Where the sow overlay notes the session it was shown in: once per sign-in, not on every page. */
const SOW_OVERLAY_SHOWN = 'atrium.sowOverlayShown';

/** The sow overlay (Escape does not close it): what is asked, and the way to the form. */
function useSourceOfWealthOverlay(texts: SourceOfWealthOverlayTexts | null | undefined, href: string, player: Player | null, session: SessionState | null): void {
  const asked = player ? sourceOfWealthAsked(player) : false;
  const sessionId = session?.sessionId ?? null;
  useEffect(() => {
    if (!texts || !asked || !sessionId || sessionStorage.getItem(SOW_OVERLAY_SHOWN) === sessionId) return;
    sessionStorage.setItem(SOW_OVERLAY_SHOWN, sessionId);
    openOverlay({
      variant: 'sow',
      title: texts.title,
      content: texts.body,
      body: <a className="button" href={href}>{texts.go}</a>,
    });
  }, [texts, asked, sessionId, href]);
}

/** The player's account banners. */
export default function AccountBanners({ locale, licence, operatorBanners, texts, paths, sowOverlay }: Props) {
  // The player, the customer and the session arrive from the network: rendered in transitions.
  const { player } = useStoreInTransition($player, PLAYER_BEING_CHECKED);
  const customer = useStoreInTransition($customer, null);
  const session = useStoreInTransition($session, null);
  useSourceOfWealthOverlay(sowOverlay, paths.sourceOfWealth, player, session);
  if (!player) return null;
  const banners = activeBanners({ player, customer, licence, operatorBanners, now: new Date() });
  if (banners.length === 0) return null;
  // Intl only for a banner that shows a date: a page's first Intl format starts ICU (100+ ms on a phone).
  const formatDate = (iso: string | null | undefined) => (iso ? formatLocaleDate(new Date(iso), locale, { dateStyle: 'long' }) : '—');
  return (
    <section className="account-banners" aria-label={texts.region}>
      {banners.map((banner) => {
        const text =
          banner.operator ? banner.operator.text
          : banner.variant === 'multipleAccounts'
            ? fillText(texts.multipleAccounts, { method: texts.methods[session?.flow ?? ''] ?? texts.methods.sms ?? '' })
            : fillText(texts.messages[banner.id as keyof BannerTexts['messages']], { date: formatDate(banner.date) });
        const action =
          banner.operator ? banner.operator.link
          : banner.id === 'KycRequired' ? { href: paths.documents, label: texts.actions.documents }
          : banner.id === 'SowRequired' || banner.id === 'SowUploadRequired' ? { href: paths.sourceOfWealth, label: texts.actions.sourceOfWealth }
          : null;
        return (
          <div key={banner.operator?.key ?? banner.id} className={`account-banner account-banner--${banner.tone}`} role="status" data-banner={banner.id}>
            <p>{text}</p>
            {action && <a className="button button--small" href={action.href} rel={action.href.startsWith('https://') ? 'noopener noreferrer' : undefined}>{action.label}</a>}
          </div>
        );
      })}
    </section>
  );
}
