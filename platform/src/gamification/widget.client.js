// The gamification widget's script (inlined under a CSP nonce by widget.ts). It has no session of its
// own: it tells the lobby it is ready and waits for the lobby's `session` message with the provider's
// access token, accepted only from the lobby origin it was opened for and only from its parent window.
// Then it reads the provider's REST on its own origin and shows its view: missions with progress
// bars, tournaments with countdowns and leaderboards kept live by each window's SSE stream, or the
// opt-in switch. Texts (config.texts) are in the lobby's language; numbers and money use Intl.
(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('widget-config').textContent);
  // pageKit comes from page-kit.client.js, inlined ahead of this script.
  const { t, decimal, money } = pageKit(config);
  const TYPE = 'atrium:gamification';
  const status = document.getElementById('status');
  const content = document.getElementById('content');
  const api = config.providerPath + 'v1/';
  let accessToken = null;
  let countdownTimer = null;
  const streams = new Map();
  const ownLines = new Map();

  function notify(event, detail) {
    if (window.parent === window) return;
    window.parent.postMessage(Object.assign({ type: TYPE, event }, detail || {}), config.lobbyOrigin);
  }

  function say(text, isError) {
    status.textContent = text;
    status.classList.toggle('error', Boolean(isError));
    status.hidden = !text;
  }

  async function call(path, init) {
    const response = await fetch(api + path, {
      method: init && init.body !== undefined ? 'POST' : 'GET',
      headers: Object.assign({ authorization: 'Bearer ' + accessToken }, init && init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      body: init && init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((body.error && body.error.message) || 'HTTP ' + response.status);
    return body;
  }

  function el(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children || []) if (child) node.append(child);
    return node;
  }

  function reportSize() {
    notify('resize', { height: Math.ceil(document.documentElement.scrollHeight) });
  }

  // Missions: a card each with a progress bar, the count or amount, and the reward.
  function amount(mission, value) {
    return mission.goal === 'wager' ? money(value) : decimal(value);
  }

  function renderMissions(missions) {
    if (missions.length === 0) return el('p', { text: t('noMissions') });
    return el('ul', { class: 'cards', 'aria-label': t('missionsList') }, missions.map((mission) => {
      const titleId = 'mission-' + mission.id;
      return el('li', { class: 'card', 'aria-labelledby': titleId, 'data-mission': mission.id, 'data-progress': mission.progress, 'data-completed': mission.completed ? 'true' : 'false' }, [
        el('h2', { id: titleId, text: mission.title }),
        el('p', { class: 'meta', text: mission.description }),
        el('progress', { max: '100', value: String(mission.percent), 'aria-label': t('progressLabel', { title: mission.title }) }),
        el('p', { 'data-progress-text': true, text: t('progress', { progress: amount(mission, mission.progress), target: amount(mission, mission.target), percent: mission.percent }) }),
        mission.completed ? el('p', { class: 'done', text: t('completed') }) : null,
        el('p', { class: 'meta', text: t('reward', { amount: money(mission.reward) }) }),
      ]);
    }));
  }

  // Tournaments: a card each with its countdown and a leaderboard the stream keeps current.
  function duration(ms) {
    const total = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(total / 86400);
    const two = (n) => String(n).padStart(2, '0');
    const clock = two(Math.floor((total % 86400) / 3600)) + ':' + two(Math.floor((total % 3600) / 60)) + ':' + two(total % 60);
    if (days === 0) return clock;
    return new Intl.NumberFormat(config.languageTag, { style: 'unit', unit: 'day', unitDisplay: 'short' }).format(days) + ' ' + clock;
  }

  function countdownText(node) {
    const now = Date.now();
    const starts = Date.parse(node.dataset.startsAt);
    const ends = Date.parse(node.dataset.endsAt);
    if (node.dataset.status === 'closed' || now >= ends) return t('closed');
    if (now < starts) return t('startsIn', { time: duration(starts - now) });
    return t('endsIn', { time: duration(ends - now) });
  }

  function tick() {
    for (const node of document.querySelectorAll('[data-countdown]')) node.textContent = countdownText(node);
  }

  function score(tournament, value) {
    return tournament.scoring === 'multiplier' ? t('multiplier', { value: decimal(value) }) : money(value);
  }

  function boardRows(tournament, board) {
    return board.entries.map((entry) => el('tr', { class: board.player && board.player.rank === entry.rank && board.player.initials === entry.initials ? 'me' : null }, [
      el('td', { class: 'num', text: decimal(String(entry.rank)) }),
      el('td', { text: entry.initials }),
      el('td', { class: 'num', text: score(tournament, entry.score) }),
      el('td', { class: 'num', text: money(entry.prize) }),
    ]));
  }

  function renderBoard(tournament, board, holder) {
    holder.replaceChildren();
    if (board.entries.length === 0) {
      holder.append(el('p', { class: 'meta', text: t('noScores') }));
      return;
    }
    holder.append(el('table', { 'data-leaderboard': tournament.id }, [
      el('caption', { text: t('leaderboard') }),
      el('thead', {}, [el('tr', {}, [
        el('th', { scope: 'col', class: 'num', text: t('rank') }), el('th', { scope: 'col', text: t('player') }),
        el('th', { scope: 'col', class: 'num', text: t('score') }), el('th', { scope: 'col', class: 'num', text: t('prize') }),
      ])]),
      el('tbody', {}, boardRows(tournament, board)),
    ]));
    if (board.player) holder.append(el('p', { class: 'meta', 'data-own-line': true, text: t('you', { rank: decimal(String(board.player.rank)), score: score(tournament, board.player.score) }) }));
  }

  // The own-line reads in flight or waiting, by window: at most one at a time per window, however
  // fast the stream goes, and that one returns the board as it is by then.
  const ownReads = new Set();
  function readOwnLine(tournament, holder, size) {
    if (!accessToken || ownReads.has(tournament.id)) return;
    ownReads.add(tournament.id);
    setTimeout(async () => {
      try {
        const board = await call('tournaments/' + encodeURIComponent(tournament.id) + '/leaderboard?size=' + Math.max(size, 10));
        ownLines.set(tournament.id, board.player);
        renderBoard(tournament, { entries: board.entries, player: board.player }, holder);
        reportSize();
      } catch {
        // The public board is on screen; the next change reads the own line again.
      } finally {
        ownReads.delete(tournament.id);
      }
    }, 200);
  }

  function watch(tournament, holder) {
    if (streams.has(tournament.id) || tournament.status === 'closed') return;
    const source = new EventSource(api + 'tournaments/' + encodeURIComponent(tournament.id) + '/stream');
    streams.set(tournament.id, source);
    const update = (event) => {
      const data = JSON.parse(event.data);
      // The stream is public (initials only): the board shows at once with the player's last known
      // line, then a signed-in player's own line is read again ("You: place N" moves with the board).
      renderBoard(tournament, { entries: data.entries, player: ownLines.get(tournament.id) || null }, holder);
      reportSize();
      readOwnLine(tournament, holder, data.entries.length);
    };
    source.addEventListener('leaderboard', update);
    source.addEventListener('closed', (event) => {
      update(event);
      const card = holder.closest('[data-tournament]');
      const countdown = card && card.querySelector('[data-countdown]');
      if (countdown) countdown.dataset.status = 'closed';
      tick();
      source.close();
      streams.delete(tournament.id);
    });
  }

  function renderTournaments(tournaments) {
    if (tournaments.length === 0) return el('p', { text: t('noTournaments') });
    return el('ul', { class: 'cards', 'aria-label': t('tournamentsList') }, tournaments.map((tournament) => {
      const titleId = 'tournament-' + tournament.tournamentId;
      const holder = el('div', { 'data-board': tournament.id, 'aria-live': 'polite' });
      ownLines.set(tournament.id, tournament.leaderboard.player);
      renderBoard(tournament, tournament.leaderboard, holder);
      const card = el('li', { class: 'card', 'aria-labelledby': titleId, 'data-tournament': tournament.tournamentId }, [
        el('h2', { id: titleId, text: tournament.title }),
        el('p', { class: 'meta', text: tournament.description }),
        el('p', { class: 'countdown', 'data-countdown': true, 'data-starts-at': tournament.startsAt, 'data-ends-at': tournament.endsAt, 'data-status': tournament.status }),
        el('p', { class: 'meta', text: t('prizes', { prizes: tournament.prizes.map((prize) => money(prize)).join(' · ') }) }),
        holder,
      ]);
      watch(tournament, holder);
      return card;
    }));
  }

  // The opt-in switch (Gamification Opt-In Settings) and the player's level.
  function renderSettings(player) {
    const details = player.playerGamificationDetails;
    const input = el('input', { type: 'checkbox', id: 'opt-in', 'aria-describedby': 'opt-state' });
    input.checked = player.gamificationOpt.enable;
    if (player.isPlayerBlockedInGamanza) input.disabled = true;
    const state = el('p', { id: 'opt-state', 'data-opted-in': player.gamificationOpt.enable ? 'true' : 'false', text: player.gamificationOpt.enable ? t('optedIn') : t('optedOut') });
    input.addEventListener('change', async () => {
      const enable = input.checked;
      input.disabled = true;
      try {
        const updated = await call('player/gamification-opt', { body: { enable } });
        state.dataset.optedIn = updated.gamificationOpt.enable ? 'true' : 'false';
        state.textContent = updated.gamificationOpt.enable ? t('optedIn') : t('optedOut');
        input.checked = updated.gamificationOpt.enable;
        notify('opt-changed', { enable: updated.gamificationOpt.enable });
      } catch (error) {
        input.checked = !enable;
        say(t('optFailed', { message: error.message }), true);
      } finally {
        input.disabled = player.isPlayerBlockedInGamanza;
      }
    });
    return el('div', { class: 'settings' }, [
      el('label', { class: 'switch', for: 'opt-in' }, [input, el('span', { text: t('optInLabel') })]),
      state,
      details.level > 0 ? el('p', { class: 'level', text: t('level', { level: decimal(String(details.level)), rank: details.rank || '', points: decimal(String(details.points)) }) }) : null,
    ]);
  }

  async function load() {
    say(t('loading'));
    try {
      let view;
      if (config.view === 'missions') view = renderMissions((await call('missions?locale=' + encodeURIComponent(config.locale))).missions);
      else if (config.view === 'tournaments') view = renderTournaments((await call('tournaments?locale=' + encodeURIComponent(config.locale))).tournaments);
      else view = renderSettings(await call('player?locale=' + encodeURIComponent(config.locale)));
      content.replaceChildren(view);
      if (config.view === 'tournaments') {
        tick();
        countdownTimer = countdownTimer || setInterval(tick, 1000);
      }
      say('');
      notify('loaded');
      reportSize();
    } catch (error) {
      say(t('error'), true);
      notify('error', { message: error.message });
    }
  }

  window.addEventListener('message', (event) => {
    // Only the lobby this widget was opened for, from the window that frames it.
    if (event.origin !== config.lobbyOrigin || event.source !== window.parent) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.type !== TYPE) return;
    if (data.event === 'session' && typeof data.accessToken === 'string' && data.accessToken) {
      accessToken = data.accessToken;
      void load();
    } else if (data.event === 'signed-out') {
      accessToken = null;
      content.replaceChildren();
      say(t('signIn'));
    } else if (data.event === 'refresh' && accessToken) {
      void load();
    }
  });
  window.addEventListener('resize', reportSize);
  notify('ready');
  if (window.parent === window) say(t('signIn'));
})();
