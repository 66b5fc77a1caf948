/**
 * Support (issue 32): look a player up by name, e-mail, phone, username, number or id, and read them
 * (read-only: the banners their statuses raise, limits, recent sessions and payments); end one of
 * their sessions after a confirmation (a modal <dialog>, so focus stays in it and Escape cancels).
 */
import { useRef, useState, type SubmitEvent } from 'react';
import {
  OperatorEndSessionDocument, OperatorFindPlayersDocument, OperatorPlayerDocument,
  type OperatorFindPlayersQuery, type OperatorPlayerQuery,
} from '../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../i18n/operator/en.ts';
import { operatorCall } from './api.ts';
import { consoleTime, Message, useCall } from './ui.tsx';

type PlayerMatch = OperatorFindPlayersQuery['operatorFindPlayers'][number];
type PlayerDetails = OperatorPlayerQuery['operatorPlayer'];

/** The support section. */
export default function SupportPanel({ texts }: { texts: OperatorTexts }) {
  const t = texts.support.search;
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [matches, setMatches] = useState<PlayerMatch[] | null>(null);
  const [player, setPlayer] = useState<PlayerDetails | null>(null);
  const { busy, error, run } = useCall(texts);
  const search = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    void run(async () => {
      const found = (await operatorCall(OperatorFindPlayersDocument, { query: text })).operatorFindPlayers;
      setPlayer(null);
      setSearched(text);
      setMatches(found);
    });
  };
  const open = (id: string) => void run(async () => setPlayer((await operatorCall(OperatorPlayerDocument, { playerId: id })).operatorPlayer));
  return (
    <>
      <h1>{texts.support.heading}</h1>
      <section aria-labelledby="search-heading" className="op-card">
        <h2 id="search-heading">{t.label}</h2>
        <form className="op-filters" role="search" onSubmit={search}>
          <div className="op-field op-field--wide">
            <label htmlFor="player-query">{t.label}</label>
            <input id="player-query" type="search" value={query} onChange={(event) => setQuery(event.target.value)} aria-describedby="player-query-hint" required />
            <p id="player-query-hint" className="op-hint">{t.hint}</p>
          </div>
          <div className="op-actions"><button type="submit" className="op-button" disabled={busy}>{t.submit}</button></div>
        </form>
        <Message tone="error">{error}</Message>
        {matches && matches.length === 0 && <p role="status">{fillOperatorText(t.empty, { query: searched })}</p>}
        {matches && matches.length > 0 && !player && (
          <div className="op-scroll">
            <table>
              <caption>{t.caption}</caption>
              <thead><tr><th scope="col">{texts.support.player.username}</th><th scope="col">{texts.support.player.email}</th><th scope="col">{texts.support.player.phone}</th><th scope="col">{texts.support.player.account}</th></tr></thead>
              <tbody>
                {matches.map((match) => (
                  <tr key={match.id}>
                    <td><button type="button" className="op-link" onClick={() => open(match.id)}>{fillOperatorText(t.open, { name: `${match.name || match.username} (#${match.playerNumber})` })}</button></td>
                    <td>{match.email}</td>
                    <td>{match.phoneNumber ?? ''}</td>
                    <td>{match.accountStatus}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {player && <PlayerView texts={texts} player={player} onBack={() => setPlayer(null)} onChanged={() => open(player.id)} />}
    </>
  );
}

/** The banners a player's statuses raise in the lobby (the platform's statuses; the lobby adds licence rules). */
function bannersOf(player: PlayerDetails, now = Date.now()): string[] {
  const banners: string[] = [];
  if (player.accountStatus === 'Closed') banners.push('AccountClosed');
  if (player.kycStatus === 'Required') banners.push('KycRequired');
  if (player.selfExclusionEndsAt && Date.parse(player.selfExclusionEndsAt) > now) banners.push('SelfExclusion');
  if (player.sowStatus === 'Required') banners.push('SowRequired');
  if (player.timeoutEndsAt && Date.parse(player.timeoutEndsAt) > now) banners.push('Timeout');
  return banners;
}

function PlayerView({ texts, player, onBack, onChanged }: { texts: OperatorTexts; player: PlayerDetails; onBack: () => void; onChanged: () => void }) {
  const t = texts.support.player;
  const banners = bannersOf(player);
  const facts: [string, string][] = [
    [t.username, player.username], [t.email, player.email], [t.phone, player.phoneNumber ?? ''], [t.country, player.countryCode],
    [t.currency, player.currency], [t.account, player.accountStatus], [t.kyc, player.kycStatus], [t.sow, player.sowStatus],
    [t.exclusion, consoleTime(player.selfExclusionEndsAt)], [t.timeout, consoleTime(player.timeoutEndsAt)],
  ];
  return (
    <section aria-labelledby="player-heading" className="op-card" data-player={player.id}>
      <h2 id="player-heading">{fillOperatorText(t.heading, { name: player.name || player.username, number: player.playerNumber })}</h2>
      <button type="button" className="op-button op-button--quiet" onClick={onBack}>{t.back}</button>
      <h3>{t.details}</h3>
      <dl className="op-facts">{facts.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}</dl>
      <h3>{t.banners}</h3>
      {banners.length === 0 ? <p>{t.noBanners}</p> : <ul aria-label={t.banners}>{banners.map((id) => <li key={id}>{t.bannerNames[id] ?? id}</li>)}</ul>}
      <h3 id="limits-heading">{t.limits}</h3>
      {player.limits.length === 0 ? <p>{t.noLimits}</p> : (
        <div className="op-scroll"><table aria-labelledby="limits-heading">
          <thead><tr><th scope="col">{t.limitKind}</th><th scope="col">{t.period}</th><th scope="col">{t.value}</th><th scope="col">{t.pending}</th></tr></thead>
          <tbody>{player.limits.map((limit) => (
            <tr key={`${limit.kind}-${limit.period}`}><td>{limit.kind}</td><td>{limit.period}</td><td>{limit.value ?? ''}</td><td>{limit.pendingValue ? `${limit.pendingValue} (${consoleTime(limit.pendingEffectiveAt)})` : ''}</td></tr>
          ))}</tbody>
        </table></div>
      )}
      <Sessions texts={texts} player={player} onChanged={onChanged} />
      <h3 id="payments-heading">{t.payments}</h3>
      {player.payments.length === 0 ? <p>{t.noPayments}</p> : (
        <div className="op-scroll"><table aria-labelledby="payments-heading">
          <thead><tr><th scope="col">{t.created}</th><th scope="col">{t.type}</th><th scope="col">{t.status}</th><th scope="col">{t.provider}</th><th scope="col">{t.amount}</th></tr></thead>
          <tbody>{player.payments.map((payment) => (
            <tr key={payment.id}><td>{consoleTime(payment.createdAt)}</td><td>{payment.type}</td><td>{payment.status}</td><td>{payment.provider}</td><td>{payment.amount} {payment.currency}</td></tr>
          ))}</tbody>
        </table></div>
      )}
    </section>
  );
}

function Sessions({ texts, player, onChanged }: { texts: OperatorTexts; player: PlayerDetails; onChanged: () => void }) {
  const t = texts.support.player;
  const dialog = useRef<HTMLDialogElement>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const { busy, error, run } = useCall(texts);
  const ask = (sessionId: string) => {
    setEnding(sessionId);
    dialog.current?.showModal();
  };
  const confirm = async () => {
    if (!ending) return;
    const done = await run(() => operatorCall(OperatorEndSessionDocument, { sessionId: ending }));
    dialog.current?.close();
    if (done) {
      setNotice(t.ended_);
      onChanged();
    }
  };
  return (
    <>
      <h3 id="sessions-heading">{t.sessions}</h3>
      <Message tone="status">{notice}</Message>
      <Message tone="error">{error}</Message>
      {player.sessions.length === 0 ? <p>{t.noSessions}</p> : (
        <div className="op-scroll"><table aria-labelledby="sessions-heading">
          <thead><tr><th scope="col">{t.started}</th><th scope="col">{t.flow}</th><th scope="col">{t.device}</th><th scope="col">{t.ended}</th></tr></thead>
          <tbody>{player.sessions.map((session) => (
            <tr key={session.sessionId}>
              <td>{consoleTime(session.startedAt)}</td>
              <td>{session.flow}</td>
              <td>{session.device ?? ''}</td>
              <td>{session.endedAt ? `${consoleTime(session.endedAt)}${session.endReason ? ` (${session.endReason})` : ''}` : (
                <button type="button" className="op-button op-button--danger" aria-label={fillOperatorText(t.endSessionLabel, { started: consoleTime(session.startedAt) })} onClick={() => ask(session.sessionId)}>{t.endSession}</button>
              )}</td>
            </tr>
          ))}</tbody>
        </table></div>
      )}
      <dialog ref={dialog} className="op-dialog" aria-labelledby="end-session-title" aria-describedby="end-session-body" onClose={() => setEnding(null)}>
        <h4 id="end-session-title">{t.confirmTitle}</h4>
        <p id="end-session-body">{t.confirmBody}</p>
        <div className="op-actions">
          <button type="button" className="op-button op-button--danger" disabled={busy} onClick={() => void confirm()}>{t.confirm}</button>
          <button type="button" className="op-button op-button--quiet" onClick={() => dialog.current?.close()}>{t.cancel}</button>
        </div>
      </dialog>
    </>
  );
}
