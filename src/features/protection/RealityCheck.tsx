/**
 * The reality check (mga): every `realityCheckPeriod` minutes of a session, counted from the
 * session's start on the platform (so page loads do not reset it), the reality-check overlay shows
 * how long the player has played and their net position this session, with links to the game history
 * and the limits, and asks: keep playing (OK) or stop (Dismiss, which signs out). A reminder that fell
 * due while no page was open shows on the next page; the last one acknowledged is kept per session
 * under the reality-check key, which logout clears.
 */
import { useEffect } from 'react';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { openOverlay } from '../overlay/store.ts';
import { logOut } from '../session/log-out.ts';
import { REALITY_CHECK_STORAGE_KEY } from '../session/logout.ts';
import { $player, PLAYER_BEING_CHECKED } from '../session/player-store.ts';
import { useStoreInTransition } from '../session/use-hydrated.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { loadSession } from './api.ts';
import { formatDuration } from './durations.ts';
import { acknowledged, reminderAt, remindersDue } from './session-time.ts';

/** Texts of the reality check, translated on the server. */
export interface RealityCheckTexts {
  title: string;
  body: string;
  keepPlaying: string;
  stop: string;
  gameHistory: string;
  limits: string;
}

interface Props {
  locale: Locale;
  texts: RealityCheckTexts;
  paths: { gameHistory: string; limits: string };
}

function readAcknowledged(sessionId: string): number {
  try {
    return acknowledged(localStorage.getItem(REALITY_CHECK_STORAGE_KEY), sessionId);
  } catch {
    return 0;
  }
}

function writeAcknowledged(sessionId: string, index: number): void {
  try {
    localStorage.setItem(REALITY_CHECK_STORAGE_KEY, `${sessionId}:${index}`);
  } catch {
    // Storage refused (private mode): the reminder shows again on the next page, which errs on the safe side.
  }
}

/** Schedules the reminders; renders nothing itself (the overlay host shows the dialog). */
export default function RealityCheck({ locale, texts, paths }: Props) {
  const { player } = useStoreInTransition($player, PLAYER_BEING_CHECKED);
  const period = player?.realityCheckPeriod ?? null;

  useEffect(() => {
    if (!period) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const show = async (index: number) => {
      const session = await loadSession();
      if (stopped) return;
      const played = formatDuration(Math.round((Date.now() - Date.parse(session.startedAt)) / 60_000), 'minute', locale);
      const money = (amount: string) => formatMoney(amount, session.currency, locale);
      openOverlay({
        variant: 'reality-check',
        title: texts.title,
        body: (
          <div className="reality-check" data-testid="reality-check">
            <p>{fillText(texts.body, { time: played, staked: money(session.staked), won: money(session.won), net: money(session.net) })}</p>
            <p className="reality-check__links">
              <a href={paths.gameHistory}>{texts.gameHistory}</a> · <a href={paths.limits}>{texts.limits}</a>
            </p>
          </div>
        ),
        okText: texts.keepPlaying,
        dismissText: texts.stop,
        onOk: () => {
          writeAcknowledged(session.sessionId, index);
          void plan();
        },
        onDismiss: () => {
          writeAcknowledged(session.sessionId, index);
          void logOut();
        },
      });
    };

    const plan = async () => {
      const session = await loadSession();
      if (stopped) return;
      const startedAt = Date.parse(session.startedAt);
      const due = remindersDue(startedAt, period, Date.now());
      if (due > readAcknowledged(session.sessionId)) {
        await show(due);
        return;
      }
      const next = reminderAt(startedAt, period, due + 1);
      timer = setTimeout(() => void show(due + 1).catch(() => {}), Math.max(0, next - Date.now()));
    };

    void plan().catch(() => {});
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [period, locale, texts, paths]);

  return null;
}
