// The embedded sportsbook's script (inlined under a CSP nonce by page.ts). It keeps the bet slip,
// takes back the one the lobby kept (#coupon= in the fragment: a visitor's "Sign in to bet" comes
// back to the same picks), posts every change to the lobby as
// { type: 'atrium:sportsbook', event: 'betslip', … } (to the one lobby origin it was opened for),
// places bets through its own origin when it has a session, and refreshes scores and odds every
// 20 seconds. Its texts, in the lobby's language, come with the
// configuration (config.texts, config.languageTag for Intl).
//
// The server renders every page as a visitor's. A player's session id comes in the fragment
// (#session=<id>), which no server, log or Referer sees; the script takes it off the address at
// once and loads the player's side (wallet, currency, stakes, lobby origin) from
// /sportsbook/api/<id>/session before it tells the lobby it is ready.
(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('sportsbook-config').textContent);
  config.sessionId = null;
  const $ = (id) => document.getElementById(id);
  // pageKit comes from page-kit.client.js, inlined ahead of this script.
  const { t, decimal, money } = pageKit(config);
  const slip = new Map();
  let idempotencyKey = newKey();
  let busy = false;

  function notify(event, detail) {
    if (window.parent === window) return;
    window.parent.postMessage(Object.assign({ type: 'atrium:sportsbook', event, brand: config.brand, signedIn: Boolean(config.sessionId), currency: config.currency }, detail || {}), config.lobbyOrigin);
  }

  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return 'slip-' + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  const hundredths = (odds) => {
    const [whole, fraction = ''] = odds.split('.');
    return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  };
  // The stake's decimals follow the currency, which a player's session may change.
  let decimals = 0;
  const countDecimals = () => {
    decimals = config.minStake.includes('.') ? config.minStake.split('.')[1].length : 0;
  };
  countDecimals();
  function parseStake(text) {
    const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
    if (!match || (match[2] || '').length > decimals) return null;
    return BigInt(match[1]) * 10n ** BigInt(decimals) + BigInt(((match[2] || '') + '0'.repeat(decimals)).slice(0, decimals) || '0');
  }
  function formatMinor(minor) {
    if (decimals === 0) return minor.toString();
    const digits = minor.toString().padStart(decimals + 1, '0');
    return digits.slice(0, -decimals) + '.' + digits.slice(-decimals);
  }

  function selections() {
    return [...slip.values()].map((entry) => ({ eventId: entry.eventId, marketId: entry.marketId, outcomeId: entry.outcomeId, odds: entry.odds }));
  }

  function totals() {
    const entries = [...slip.values()];
    if (entries.length === 0) return null;
    const product = entries.reduce((total, entry) => total * hundredths(entry.odds), 1n);
    const totalOdds = product / 100n ** BigInt(entries.length - 1);
    const stake = parseStake($('stake').value);
    const potential = stake === null ? null : (stake * product) / 100n ** BigInt(entries.length);
    return { totalOdds: formatMinor2(totalOdds), potential: potential === null ? null : formatMinor(potential), stake };
  }
  const formatMinor2 = (value) => value / 100n + '.' + (value % 100n).toString().padStart(2, '0');

  function render() {
    const list = $('slip-list');
    list.textContent = '';
    for (const entry of slip.values()) {
      const item = document.createElement('li');
      const text = document.createElement('span');
      text.textContent = entry.outcomeName + ' @ ' + decimal(entry.odds) + ' — ' + entry.eventName;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = t('remove');
      remove.setAttribute('aria-label', t('removeLabel', { outcome: entry.outcomeName, event: entry.eventName }));
      remove.addEventListener('click', () => removePick(entry));
      item.append(text, remove);
      list.append(item);
    }
    $('slip-empty').hidden = slip.size > 0;
    const sum = totals();
    $('total-odds').textContent = sum ? decimal(sum.totalOdds) : '–';
    $('potential').textContent = sum && sum.potential !== null ? money(sum.potential) : '–';
    $('place').disabled = busy || slip.size === 0;
    notify('betslip', { selections: [...slip.values()], stake: $('stake').value, stakeEdited, totalOdds: sum ? sum.totalOdds : null, potentialPayout: sum ? sum.potential : null });
  }

  /** Takes a pick off the slip: through its button when this page shows its event, else by itself. */
  function removePick(entry) {
    const button = document.querySelector('.odds[aria-pressed=true][data-event="' + CSS.escape(entry.eventId) + '"]');
    if (button) return toggle(button);
    slip.delete(entry.eventId);
    $('slip-status').textContent = t('removed', { outcome: entry.outcomeName });
    idempotencyKey = newKey();
    render();
  }

  // The slip outlives the page, as a bookmaker's does. The lobby keeps the last one this page posted
  // (a frame from another site may get no storage of its own: browsers that block third-party
  // cookies deny it) and hands it back in the fragment, so a visitor who signs in from "Sign in to
  // bet" comes back to the same picks and stake, and a reload keeps them. This page's own sport tabs
  // pass it on in the fragment themselves.
  const ODDS = /^\d{1,6}\.\d{2}$/;
  const ID = /^[A-Za-z0-9:_.-]{1,100}$/;
  const TEXT = (value) => typeof value === 'string' && value.length > 0 && value.length <= 200;

  /** The slip as the lobby keeps it: the picks, the stake if the player typed it, and the stake's currency. */
  function couponText() {
    return JSON.stringify({ selections: [...slip.values()], stake: stakeEdited ? $('stake').value : null, currency: config.currency });
  }

  /** A typed stake from the coupon, put back once the page knows the player's currency (and only in the same one). */
  let keptStake = null;

  /**
   * Puts the lobby's coupon back: where this page shows a pick's event, at the odds and in the words
   * it shows now; anything malformed is dropped.
   */
  function restoreSlip(coupon) {
    let saved = null;
    try {
      saved = JSON.parse(coupon || 'null');
    } catch {
      saved = null;
    }
    if (!saved || !Array.isArray(saved.selections)) return;
    for (const entry of saved.selections.slice(0, 20)) {
      if (!entry || ![entry.eventId, entry.marketId, entry.outcomeId].every((id) => typeof id === 'string' && ID.test(id))) continue;
      if (!ODDS.test(entry.odds) || ![entry.eventName, entry.marketName, entry.outcomeName].every(TEXT)) continue;
      const button = document.querySelector('.odds[data-event="' + CSS.escape(entry.eventId) + '"][data-market="' + CSS.escape(entry.marketId) + '"][data-outcome="' + CSS.escape(entry.outcomeId) + '"]');
      const { eventId, marketId, outcomeId } = entry;
      const shown = button ? button.dataset : entry;
      slip.set(eventId, { eventId, marketId, outcomeId, eventName: shown.eventName, marketName: shown.marketName, outcomeName: shown.outcomeName, odds: shown.odds });
      if (button) button.setAttribute('aria-pressed', 'true');
    }
    if (typeof saved.stake === 'string' && typeof saved.currency === 'string') keptStake = { stake: saved.stake, currency: saved.currency };
  }

  /** The kept stake, once the page bets in its currency; a stake the player has typed since wins. */
  function restoreStake() {
    if (!keptStake || stakeEdited || keptStake.currency !== config.currency || parseStake(keptStake.stake) === null) return;
    $('stake').value = keptStake.stake;
    stakeEdited = true;
  }

  function toggle(button) {
    if (!button) return;
    const eventId = button.dataset.event;
    const current = slip.get(eventId);
    for (const other of document.querySelectorAll('.odds[data-event="' + CSS.escape(eventId) + '"]')) other.setAttribute('aria-pressed', 'false');
    if (current && current.marketId === button.dataset.market && current.outcomeId === button.dataset.outcome) {
      slip.delete(eventId);
      $('slip-status').textContent = t('removed', { outcome: button.dataset.outcomeName });
    } else {
      // One pick per event: another outcome of the same event replaces the earlier one.
      slip.set(eventId, {
        eventId, eventName: button.dataset.eventName, marketId: button.dataset.market, marketName: button.dataset.marketName,
        outcomeId: button.dataset.outcome, outcomeName: button.dataset.outcomeName, odds: button.dataset.odds,
      });
      button.setAttribute('aria-pressed', 'true');
      $('slip-status').textContent = t(slip.size === 1 ? 'addedOne' : 'addedMany', { outcome: button.dataset.outcomeName, odds: decimal(button.dataset.odds), count: slip.size });
    }
    idempotencyKey = newKey();
    render();
  }

  /** What the player reads about a refused bet: the server's reason, said in the page's language. */
  function failureText(error) {
    if (error.reason === 'OddsChanged' && error.odds) return t('error.oddsChanged', { odds: decimal(error.odds) });
    if (error.reason === 'InsufficientFunds' && error.balance && error.stake) return t('error.insufficient', { balance: money(error.balance), stake: money(error.stake) });
    if (error.reason === 'GameSessionEnded' || error.reason === 'NotFound') return t('error.ended');
    return t('error.generic');
  }

  async function place(event) {
    event.preventDefault();
    // A click before the player's session has loaded waits for it rather than asking them to sign in.
    await sessionLoaded;
    if (busy || slip.size === 0) return;
    $('slip-error').textContent = '';
    if (!config.sessionId) {
      notify('login-required', { selections: selections() });
      $('slip-status').textContent = t('signInFirst');
      return;
    }
    const stake = $('stake').value.trim().replace(',', '.');
    busy = true;
    render();
    try {
      const response = await fetch('/sportsbook/api/' + encodeURIComponent(config.sessionId) + '/bets', {
        method: 'POST', credentials: 'omit', cache: 'no-store', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ selections: selections(), stake, idempotencyKey }),
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) {
        const error = data.error || { reason: 'HttpError', message: 'The sportsbook answered ' + response.status };
        if (error.reason === 'OddsChanged' && slip.has(error.eventId)) {
          slip.get(error.eventId).odds = error.odds;
          for (const button of document.querySelectorAll('.odds[data-event="' + CSS.escape(error.eventId) + '"][data-outcome="' + CSS.escape(error.outcomeId) + '"]')) {
            button.dataset.odds = error.odds;
            button.querySelector('.price').textContent = decimal(error.odds);
          }
          idempotencyKey = newKey();
        }
        $('slip-error').textContent = failureText(error);
        notify('error', { reason: error.reason, message: error.message });
        return;
      }
      const bet = data.bet;
      $('slip-status').textContent = t('placed', { stake: money(bet.stake), odds: decimal(bet.totalOdds), payout: money(bet.potentialPayout) });
      $('balance').textContent = money(data.balance);
      notify('bet-placed', { betId: bet.id, stake: bet.stake, totalOdds: bet.totalOdds, potentialPayout: bet.potentialPayout, balance: data.balance, replayed: data.replayed });
      notify('balance', { balance: data.balance });
      slip.clear();
      for (const button of document.querySelectorAll('.odds[aria-pressed=true]')) button.setAttribute('aria-pressed', 'false');
      idempotencyKey = newKey();
    } catch (error) {
      $('slip-error').textContent = t('unreachable');
    } finally {
      busy = false;
      render();
    }
  }

  async function refresh() {
    try {
      const params = new URLSearchParams({ first: '100' });
      if (config.sport) params.set('sport', config.sport);
      const response = await fetch('/sportsbook/api/events?' + params.toString(), { cache: 'no-store', credentials: 'omit' });
      if (!response.ok) return;
      const { events } = await response.json();
      for (const event of events) {
        const article = document.querySelector('.event[data-event-id="' + CSS.escape(event.id) + '"]');
        if (!article) continue;
        const score = article.querySelector('[data-score]');
        if (score && event.score) score.textContent = ' ' + event.score.home + '–' + event.score.away;
        const clock = article.querySelector('.clock');
        if (clock && event.minute !== null) clock.textContent = event.minute + '′';
        for (const market of event.markets) {
          for (const outcome of market.outcomes) {
            const button = article.querySelector('.odds[data-market="' + market.id + '"][data-outcome="' + outcome.id + '"]');
            if (!button || button.dataset.odds === outcome.odds) continue;
            button.dataset.odds = outcome.odds;
            button.querySelector('.price').textContent = decimal(outcome.odds);
            button.disabled = market.suspended;
          }
        }
      }
    } catch {
      // A missed refresh is harmless: the next one (or OddsChanged on placing) catches up.
    }
  }

  /**
   * What the lobby put in the fragment (the launch's session id, the kept coupon), taken off the
   * address so history keeps none of it.
   */
  function takeFragment() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const id = fragment.get('session');
    const coupon = fragment.get('coupon');
    if (id === null && coupon === null) return { session: null, coupon: null };
    fragment.delete('session');
    fragment.delete('coupon');
    const rest = fragment.toString();
    history.replaceState(history.state, '', location.pathname + location.search + (rest ? '#' + rest : ''));
    return { session: id !== null && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : null, coupon };
  }

  let stakeEdited = false;
  /** Turns the visitor's page into the player's: their wallet's currency, stakes and balance. */
  function useSession(id, session) {
    config.sessionId = id;
    config.lobbyOrigin = session.lobbyOrigin;
    config.currency = session.currency;
    config.minStake = session.minStake;
    config.maxStake = session.maxStake;
    countDecimals();
    $('stake-label').textContent = t('stake', { currency: session.currency });
    $('stake-hint').textContent = t('stakeHint', { min: money(session.minStake), max: money(session.maxStake) });
    if (!stakeEdited) $('stake').value = decimal(session.defaultStake);
    $('balance').textContent = money(session.balance);
    $('balance-line').hidden = false;
  }

  /** Loads the player's side of a launched page; an unknown or ended session leaves a visitor's page. */
  async function loadSession(id) {
    let response;
    try {
      response = await fetch('/sportsbook/api/' + encodeURIComponent(id) + '/session', { cache: 'no-store', credentials: 'omit' });
    } catch {
      // Unreachable for now: bet with the session anyway, the bet's answer says what holds.
      config.sessionId = id;
      return;
    }
    const session = response.ok ? await response.json().catch(() => null) : null;
    if (session && session.brand === config.brand) useSession(id, session);
    else $('place').textContent = t('signInToBet');
  }

  const fragment = takeFragment();
  restoreSlip(fragment.coupon);
  // The picks show at once; a player's page words and enables the slip again once its session loads.
  if (slip.size > 0) render();
  const launchedSession = fragment.session;
  // Worded for the player before the first paint; loadSession words it back for an ended session.
  if (launchedSession) $('place').textContent = t('placeBet');
  const sessionLoaded = launchedSession ? loadSession(launchedSession) : Promise.resolve();

  for (const button of document.querySelectorAll('.odds')) button.addEventListener('click', () => toggle(button));
  // The sport tabs keep the player's session and the slip, again in the fragment only.
  for (const link of document.querySelectorAll('.tabs a')) {
    link.addEventListener('click', (event) => {
      if ((!config.sessionId && slip.size === 0) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const carried = new URLSearchParams();
      if (config.sessionId) carried.set('session', config.sessionId);
      if (slip.size > 0) carried.set('coupon', couponText());
      location.assign(link.href + '#' + carried.toString());
    });
  }
  $('stake').addEventListener('input', () => {
    stakeEdited = true;
    render();
  });
  $('slip-form').addEventListener('submit', place);
  for (const time of document.querySelectorAll('[data-local-time]')) {
    time.textContent = new Date(time.getAttribute('datetime')).toLocaleString(config.languageTag, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  }
  setInterval(refresh, 20000);
  // Ready once the page knows whether it bets for a player, so the lobby's first click is answered right.
  void sessionLoaded.then(() => {
    restoreStake();
    notify('ready', {});
    render();
  });
})();
