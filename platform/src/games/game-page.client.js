// The demo game page's script (inlined under a CSP nonce by page.ts). It talks only to its own
// origin with the game session id, and tells the lobby what happens through postMessage to the one
// lobby origin the session was launched for: { type: 'atrium:game', event, gameSessionId, … }.
// Its texts, in the lobby's language, come with the configuration (config.texts, config.languageTag).
(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('game-config').textContent);
  const $ = (id) => document.getElementById(id);
  // pageKit comes from page-kit.client.js, inlined ahead of this script.
  const { t, money } = pageKit(config);
  const base = '/games/api/' + encodeURIComponent(config.gameSessionId);
  const ui = {
    form: $('controls'), bet: $('bet'), play: $('play'), hit: $('hit'), stand: $('stand'), refill: $('refill'),
    close: $('close'), balance: $('balance'), announcer: $('announcer'), error: $('error'),
  };
  let state = null;
  let busy = false;
  let ended = false;
  let clockOffset = 0;
  let lastPhaseKey = '';
  let blackjackRound = null;
  const pending = new Set();

  /** Posts an event to the lobby that framed this game (and to nobody else). */
  function notify(event, detail) {
    if (window.parent === window) return;
    const message = { type: 'atrium:game', event, gameSessionId: config.gameSessionId, slug: config.slug, mode: config.mode, currency: config.currency };
    window.parent.postMessage(Object.assign(message, detail || {}), config.lobbyOrigin);
  }

  function newRoundId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  async function call(path, body) {
    const init = body === undefined
      ? { cache: 'no-store', credentials: 'omit' }
      : { method: 'POST', cache: 'no-store', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await fetch(base + path, init);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error((data.error && data.error.message) || 'The game server answered ' + response.status);
      error.reason = (data.error && data.error.reason) || 'HttpError';
      error.details = data.error || {};
      throw error;
    }
    return data;
  }

  /** Sends a request, retrying once after a network failure: the round id makes a retry harmless. */
  async function send(path, body) {
    try {
      return await call(path, body);
    } catch (error) {
      if (error instanceof TypeError) return call(path, body);
      throw error;
    }
  }

  const decimals = () => ((state && state.game.minBet.split('.')[1]) || '').length;
  const toMinor = (text) => BigInt(text.replace('.', ''));
  function fromMinor(value) {
    const places = decimals();
    const negative = value < 0n;
    const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
    const whole = places ? digits.slice(0, -places) + '.' + digits.slice(-places) : digits;
    return (negative ? '-' : '') + whole;
  }

  function say(text, won) {
    ui.announcer.textContent = text;
    ui.announcer.classList.toggle('win', Boolean(won));
  }

  /** What the player reads about a failure: the server's reason, said in the page's language. */
  function failureText(error) {
    const details = error.details || {};
    if (error instanceof TypeError) return t('error.network');
    if (error.reason === 'InsufficientFunds' && details.balance && details.bet) {
      return t(config.mode === 'FUN' ? 'error.insufficientFun' : 'error.insufficientReal', { balance: money(details.balance), bet: money(details.bet) });
    }
    if (error.reason === 'BadUserInput' && typeof details.opensInSeconds === 'number') return t('error.betsClosed', { seconds: details.opensInSeconds });
    if (error.reason === 'GameSessionEnded' || error.reason === 'NotFound') return t('error.ended');
    // The player's own limits and protection: the platform refused the stake, not the game.
    if (error.reason === 'LossLimitReached' && details.limit && details.remaining) return t('error.lossLimit', { limit: money(details.limit), amount: money(details.remaining) });
    if (error.reason === 'SessionLimitReached') return t('error.sessionLimit');
    if (error.reason === 'BettingBlocked') return t('error.bettingBlocked');
    return t('error.generic');
  }

  function fail(error) {
    ui.error.textContent = failureText(error);
    notify('error', { reason: error.reason || 'NetworkError', message: error.message });
    if (error.reason === 'GameSessionEnded' || error.reason === 'NotFound') {
      ended = true;
      setBusy(false);
    }
  }

  function setBalance(balance) {
    ui.balance.textContent = money(balance);
    if (ui.refill && state) ui.refill.hidden = toMinor(balance) >= toMinor(state.game.minBet);
  }

  function setBusy(value) {
    busy = value;
    const liveClosed = config.live && state && state.live && state.live.phase !== 'betting';
    ui.play.disabled = busy || ended || Boolean(liveClosed) || Boolean(blackjackRound);
    ui.bet.disabled = busy || ended || Boolean(blackjackRound);
    if (ui.hit) ui.hit.disabled = ui.stand.disabled = busy || ended;
  }

  function fillBets(steps, minBet) {
    ui.bet.textContent = '';
    for (const step of steps) {
      const option = document.createElement('option');
      option.value = step;
      option.textContent = money(step);
      ui.bet.append(option);
    }
    ui.bet.value = minBet;
  }

  function choice() {
    if (config.engine === 'roulette') {
      const bet = $('pick-bet').value;
      return bet === 'straight' ? { bet, number: Number($('pick-number').value) } : { bet };
    }
    if (config.engine === 'baccarat') return { side: ui.form.elements.side.value };
    if (config.engine === 'wheel') return { segment: ui.form.elements.segment.value };
    return undefined;
  }

  // ---- drawing outcomes -------------------------------------------------------------------

  const cardsText = (cards, hidden) => cards.map((card) => card.text).join(' ') + (hidden ? ' ▮' : '');
  const cardName = (card) => t('card', { rank: config.texts['rank.' + card.rank] || String(card.rank), suit: t('suit.' + card.suit) });
  const cardsName = (cards) => cards.map(cardName).join(', ');
  const colourName = (colour) => t(colour === 'red' ? 'red' : colour === 'black' ? 'black' : 'green');
  const sideName = (side) => t(side === 'tie' ? 'tie' : side === 'player' ? 'player' : 'banker');

  function drawOutcome(outcome) {
    if (!outcome) return '';
    switch (config.engine) {
      case 'slot': {
        const reels = document.querySelectorAll('.reel');
        outcome.reels.forEach((reel, column) => {
          reel.forEach((symbol, row) => {
            reels[column].children[row].textContent = config.symbols[symbol].glyph;
          });
        });
        const line = outcome.line.map((symbol) => config.symbols[symbol].label).join(', ');
        $('reels').setAttribute('aria-label', t('reels', { line }));
        return t('payline', { line });
      }
      case 'roulette': {
        const pocket = document.querySelector('.pocket');
        pocket.textContent = String(outcome.pocket);
        pocket.className = 'pocket ' + outcome.colour;
        return outcome.pocket === 0 ? t('ballZero') : t('ball', { number: outcome.pocket, colour: colourName(outcome.colour) });
      }
      case 'wheel': {
        const pocket = document.querySelector('.pocket');
        pocket.textContent = String(outcome.value);
        return t('wheel', { value: outcome.value });
      }
      case 'baccarat': {
        $('hand-top').textContent = cardsText(outcome.banker) + '  (' + outcome.bankerTotal + ')';
        $('hand-bottom').textContent = cardsText(outcome.player) + '  (' + outcome.playerTotal + ')';
        const winner = t(outcome.winner === 'tie' ? 'aTie' : outcome.winner === 'player' ? 'playerWins' : 'bankerWins');
        return t('baccarat', { player: outcome.playerTotal, playerCards: cardsName(outcome.player), banker: outcome.bankerTotal, bankerCards: cardsName(outcome.banker), winner });
      }
      case 'blackjack': {
        $('hand-top').textContent = cardsText(outcome.dealer, outcome.dealerHidden) + '  (' + outcome.dealerTotal + ')';
        $('hand-bottom').textContent = cardsText(outcome.player) + '  (' + outcome.playerTotal + ')';
        const you = t('youHave', { total: outcome.playerTotal, cards: cardsName(outcome.player) }) + ' ';
        if (!outcome.finished) return you + t('dealerShows', { cards: cardsName(outcome.dealer) });
        return you + t('dealerTotal', { total: outcome.dealerTotal }) + ' ' + t('result.' + outcome.result);
      }
      default:
        return '';
    }
  }

  /** Announces a finished round and tells the lobby about the payout and the balance. */
  function settled(round, balance) {
    const text = drawOutcome(round.outcome);
    const won = round.win !== null && toMinor(round.win) > 0n;
    say(text + ' ' + (won ? t('youWin', { amount: money(round.win) }) : t('noWin')), won);
    if (won) notify('win', { roundId: round.roundId, amount: round.win, balance });
    notify('balance', { balance });
  }

  function showBlackjackButtons(round) {
    blackjackRound = round && round.status === 'open' ? round : null;
    ui.hit.hidden = ui.stand.hidden = !blackjackRound;
    ui.play.hidden = Boolean(blackjackRound);
    setBusy(false);
  }

  // ---- playing ------------------------------------------------------------------------------

  async function play() {
    if (busy || ended) return;
    ui.error.textContent = '';
    const roundId = newRoundId();
    const amount = ui.bet.value;
    setBusy(true);
    if (config.engine === 'slot') $('reels').classList.add('spinning');
    try {
      const result = await send('/rounds', { roundId, bet: amount, choice: choice() });
      const { round, balance } = result;
      const afterBet = round.status === 'settled' && round.win !== null ? fromMinor(toMinor(balance) - toMinor(round.win)) : balance;
      notify('bet', { roundId, amount: round.bet, balance: afterBet });
      setBalance(balance);
      if (config.live) {
        pending.add(roundId);
        say(t('betPlaced', { amount: money(round.bet), round: round.tableRound }));
        notify('balance', { balance });
      } else if (round.status === 'open') {
        say(t('betOpen', { amount: money(round.bet) }) + ' ' + drawOutcome(round.outcome));
        notify('balance', { balance });
        showBlackjackButtons(round);
        ui.hit.focus();
      } else {
        settled(round, balance);
        if (config.engine === 'blackjack') showBlackjackButtons(null);
      }
    } catch (error) {
      fail(error);
    } finally {
      if (config.engine === 'slot') $('reels').classList.remove('spinning');
      setBusy(false);
    }
  }

  async function act(action) {
    if (!blackjackRound || busy) return;
    setBusy(true);
    try {
      const result = await send('/rounds/' + blackjackRound.roundId + '/actions', { action, step: blackjackRound.outcome.player.length });
      setBalance(result.balance);
      if (result.round.status === 'settled') {
        settled(result.round, result.balance);
        showBlackjackButtons(null);
        ui.play.focus();
      } else {
        blackjackRound = result.round;
        say(drawOutcome(result.round.outcome));
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  // ---- state and the live table -----------------------------------------------------------

  function describeLive(outcome) {
    if (!outcome) return '–';
    if (config.engine === 'roulette') return outcome.pocket + (outcome.pocket === 0 ? '' : ' ' + colourName(outcome.colour));
    if (config.engine === 'wheel') return String(outcome.value);
    return sideName(outcome.winner);
  }

  function applyState(next) {
    state = next;
    clockOffset = next.serverTime - Date.now();
    setBalance(next.balance);
    // Filled once: refilling while the live table polls would close an open select under the player.
    if (ui.bet.dataset.filled !== 'yes') {
      fillBets(next.game.betSteps, next.game.minBet);
      ui.bet.dataset.filled = 'yes';
    }
    if (config.engine === 'blackjack') {
      const open = next.openRounds[0];
      if (open) drawOutcome(open.outcome);
      showBlackjackButtons(open || null);
    }
    if (config.live && next.live) {
      const live = next.live;
      $('live-round').textContent = t('round', { round: live.round });
      $('live-history').textContent = live.history.map((entry) => describeLive(entry.outcome)).join(', ');
      const phaseText = t('phase.' + live.phase, { result: describeLive(live.result) });
      $('live-phase').textContent = phaseText;
      const key = live.round + ':' + live.phase;
      if (key !== lastPhaseKey && lastPhaseKey !== '') {
        // Phase changes are announced; the second-by-second countdown is not (it would drown the reader).
        if (live.phase === 'betting') say(t('betsOpen', { round: live.round }));
        if (live.phase === 'drawing') say(t('betsClosed', { round: live.round }));
        if (live.phase === 'result') {
          drawOutcome(live.result);
          if (!next.recentRounds.some((round) => pending.has(round.roundId))) say(t('roundResult', { round: live.round, result: describeLive(live.result) }));
        }
      }
      lastPhaseKey = key;
      for (const round of next.recentRounds) {
        if (pending.has(round.roundId)) {
          pending.delete(round.roundId);
          settled(round, next.balance);
        }
      }
    }
    setBusy(false);
  }

  async function refresh() {
    try {
      applyState(await call('/state'));
    } catch (error) {
      fail(error);
    }
  }

  function tick() {
    if (!state || !state.live) return;
    const now = Date.now() + clockOffset;
    const target = state.live.phase === 'betting' ? state.live.bettingClosesAt : state.live.phase === 'drawing' ? state.live.resultAt : state.live.endsAt;
    $('live-countdown').textContent = t('seconds', { seconds: Math.max(0, Math.ceil((target - now) / 1000)) });
  }

  async function livePoll() {
    if (ended) return;
    await refresh();
    const now = Date.now() + clockOffset;
    const live = state && state.live;
    // Poll again at the next phase change (at least once a second while bets are settling).
    const next = live ? Math.min(Math.max((live.phase === 'betting' ? live.bettingClosesAt : live.phase === 'drawing' ? live.resultAt : live.endsAt) - now + 50, 250), 1000) : 2000;
    setTimeout(livePoll, next);
  }

  // ---- wiring -------------------------------------------------------------------------------

  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void play();
  });
  if (ui.hit) ui.hit.addEventListener('click', () => void act('hit'));
  if (ui.stand) ui.stand.addEventListener('click', () => void act('stand'));
  if (ui.refill) {
    ui.refill.addEventListener('click', async () => {
      try {
        applyState(await call('/fun-balance/reset', {}));
        say(t('refilled', { amount: money(state.balance) }));
        notify('balance', { balance: state.balance });
      } catch (error) {
        fail(error);
      }
    });
  }
  const numberField = $('pick-number-field');
  if (numberField) {
    $('pick-bet').addEventListener('change', () => {
      numberField.hidden = $('pick-bet').value !== 'straight';
    });
  }
  ui.close.addEventListener('click', () => notify('close'));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') notify('close');
  });

  (async () => {
    await refresh();
    if (!state) return;
    notify('ready', { balance: state.balance, minBet: state.game.minBet, maxBet: state.game.maxBet });
    if (config.live) {
      setInterval(tick, 250);
      setTimeout(livePoll, 500);
    }
  })();
})();
