/**
 * The session history (/profile/session-history/): every sign-in of the player, newest first, 20 at
 * a time with "Show more": when it started, whether it is still active or how it ended (signed out,
 * expired, ended from another device…) and when, the device (Desktop or Mobile, from the sign-in's
 * user agent) and the country the platform placed the sign-in in, named in the page's language. The
 * session this page is using is marked.
 */
import { languageTag, type Locale } from '../../i18n/locales.ts';
import { dateFormat } from '../../i18n/dates.ts';
import { loadSessions, type SessionRecord } from './api.ts';
import HistoryList from './HistoryList.tsx';
import { usePagedHistory } from './paged-history.ts';
import type { SessionHistoryTexts } from './texts.ts';

/** The country's name in the page's language ("FI" → "Finland", "Suomi"…); the code where the runtime knows no name. */
function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([languageTag(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The player's sessions. */
export default function SessionHistory({ locale, texts }: { locale: Locale; texts: SessionHistoryTexts }) {
  const history = usePagedHistory(loadSessions);
  const time = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{time(new Date(iso))}</time> : '—');
  const status = (session: SessionRecord) => (session.active ? texts.active : texts.endReasons[session.endReason ?? 'Other']);
  return (
    <HistoryList history={history} texts={texts} testId="session-history" empty={<p className="history-list__empty">{texts.empty}</p>}>
      {(sessions) => (
        <table className="history-table">
          <caption className="visually-hidden">{texts.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.started}</th><th scope="col">{texts.status}</th><th scope="col">{texts.ended}</th>
              <th scope="col">{texts.device}</th><th scope="col">{texts.country}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.sessionId} data-testid="session-row" data-current={session.current || undefined} aria-current={session.current ? 'true' : undefined}>
                <th scope="row" className="history-table__title">
                  {when(session.startedAt)}
                  {session.current && <> <span className="history-badge">{texts.current}</span></>}
                </th>
                <td data-label={texts.status}>{session.active ? <strong>{status(session)}</strong> : status(session)}</td>
                <td data-label={texts.ended}>{when(session.endedAt)}</td>
                <td data-label={texts.device}>{session.device ? texts.devices[session.device] : texts.unknown}</td>
                <td data-label={texts.country}>{session.countryCode ? countryName(session.countryCode, locale) : texts.unknown}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </HistoryList>
  );
}
