/**
 * Browser: ticks every raffle countdown on the page once a second. A countdown is any element with
 * `data-countdown-end` (an ISO time) and `data-days-template` (the locale's "{days} d {time}");
 * the server writes its first text, so this only keeps it moving. It looks the elements up on each
 * tick, so drops that arrive later (the lobby's later blocks) tick too. No framework: a few hundred
 * bytes on a visitor's lobby.
 */
import { formatCountdown } from './raffle-rules.ts';

const STARTED = Symbol.for('atrium.raffleCountdowns');

function tick(): void {
  const now = Date.now();
  for (const element of document.querySelectorAll<HTMLElement>('[data-countdown-end]')) {
    const end = Date.parse(element.dataset.countdownEnd ?? '');
    if (Number.isNaN(end)) continue;
    const text = formatCountdown(end - now, element.dataset.daysTemplate ?? '{days} {time}');
    if (element.textContent !== text) element.textContent = text;
  }
}

/** Starts the page's countdowns (once per page, however many components ask). */
export function startCountdowns(): void {
  const scope = globalThis as { [STARTED]?: boolean };
  if (scope[STARTED]) return;
  scope[STARTED] = true;
  tick();
  setInterval(tick, 1000);
}
