/**
 * Browser, /raffle/ for a signed-in player: fills each drop card's "Your tickets: n" from the
 * jackpot service's socket (PlayerRaffleTicketsRequest → PlayerRaffleTicketsListResponse, spec
 * section 7). It shares the page's one jackpot socket with the widget (same service, operator,
 * brand and currency), asks again each time the socket (re)opens, when the tab comes back and
 * after a raffle win, and shows nothing for a visitor or while no answer has come.
 */
import { sharedJackpotSocket, type JackpotSocket } from '../jackpot/client/jackpot-socket.ts';
import { formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { settledPlayerRuntime } from '../session/player-runtime.ts';
import { decodeJwtClaims } from '../session/tokens.ts';

/** What the drop list tells the script (its `data-raffle-tickets-config`). */
export interface RaffleTicketsConfig {
  serviceUrl: string;
  operator: string;
  brand: string;
  currency: string;
  locale: Locale;
}

/** Writes each card's ticket count (0 for an instance the answer leaves out) and shows it. */
export function fillTickets(cards: readonly HTMLElement[], tickets: readonly { instance_id: string; ticket_count: number }[], locale: Locale): void {
  const counts = new Map(tickets.map((entry) => [entry.instance_id, entry.ticket_count]));
  for (const card of cards) {
    const count = counts.get(card.dataset.raffleTickets ?? '') ?? 0;
    card.textContent = (card.dataset.template ?? '{count}').replace('{count}', formatNumber(count, locale));
    card.hidden = false;
  }
}

/** Starts the ticket counts on the page's drop list, if a player is signed in. */
export async function showRaffleTickets(): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-raffle-tickets-config]');
  const cards = [...document.querySelectorAll<HTMLElement>('[data-raffle-tickets]')];
  if (!list || cards.length === 0) return;
  const config = JSON.parse(list.dataset.raffleTicketsConfig ?? '{}') as RaffleTicketsConfig;
  const runtime = await settledPlayerRuntime();
  if (!runtime) return;
  const token = await runtime.accessToken();
  const playerId = token ? decodeJwtClaims(token)?.player_id : undefined;
  if (!playerId) return;
  const socket: JackpotSocket = sharedJackpotSocket({ ...config, accessToken: () => runtime.accessToken() });
  const ask = () => socket.send({ type: 'PlayerRaffleTicketsRequest', player_id: playerId, instance_ids: cards.map((card) => card.dataset.raffleTickets ?? '') });
  socket.listen((message) => {
    if (message.type === 'PlayerRaffleTicketsListResponse') fillTickets(cards, message.tickets, config.locale);
    else if (message.type === 'RaffleWinEvent') ask();
  });
  socket.onState((state) => { if (state === 'open') ask(); });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') ask(); });
}
