/**
 * The live pots of server-rendered jackpot elements (the JACKPOT block, a visitor's widget): each
 * `[data-jackpot-live]` element's `[data-jackpot-pot]` values tick from the page's jackpot socket.
 * Nothing is downloaded or opened until such an element scrolls into view; then the socket module
 * loads and the values are written in the page's number pattern (no Intl start-up).
 */
import { formatCurrency } from '../../../i18n/format.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { readSessionConfig } from '../../session/config.ts';
import { JACKPOT_LIVE_ATTRIBUTE, readJackpotConfig } from './config.ts';
import type { JackpotPot } from './protocol.ts';

/** Writes pot values into a live element (only the ones whose text changed). */
export function writePots(element: Element, pots: readonly JackpotPot[], currency: string, locale: Locale): void {
  for (const pot of pots) {
    const target = element.querySelector(`[data-jackpot-pot="${pot.id}"]`);
    if (!target) continue;
    const text = formatCurrency(pot.current_value, currency, locale, { fractionDigits: 2 });
    if (target.textContent !== text) target.textContent = text;
    target.setAttribute('data-value', pot.current_value);
  }
}

/** Starts the live pots of every `[data-jackpot-live]` element of the page, each once it is visible. */
export function startJackpotTicker(doc: Document = document): void {
  const elements = [...doc.querySelectorAll(`[${JACKPOT_LIVE_ATTRIBUTE}]`)].filter((element) => !element.hasAttribute('data-jackpot-ticking'));
  if (elements.length === 0) return;
  const { locale } = readSessionConfig(doc);
  const start = (element: Element) => {
    const config = readJackpotConfig(element);
    if (!config) return;
    element.setAttribute('data-jackpot-ticking', '');
    void import('./jackpot-socket.ts').then(({ sharedJackpotSocket }) => {
      const socket = sharedJackpotSocket({ ...config, instanceIds: [config.instanceId] });
      const known = socket.latest(config.instanceId);
      if (known) writePots(element, known.pots, known.currency, locale);
      socket.listen((message) => {
        if (message.type === 'JackpotUpdate' && message.instance_id === config.instanceId) writePots(element, message.pots, message.currency, locale);
      });
      socket.onState((state) => element.setAttribute('data-jackpot-state', state));
    });
  };
  if (typeof IntersectionObserver === 'undefined') {
    elements.forEach(start);
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      start(entry.target);
    }
  }, { rootMargin: '200px' });
  for (const element of elements) observer.observe(element);
}
