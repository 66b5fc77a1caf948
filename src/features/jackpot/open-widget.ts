/**
 * The /jackpot/ page's opt-in section opens the floating widget's panel (its opt-in switch and
 * contribution choice) with this window event, without importing the widget's code: one widget,
 * one opt-in state per page.
 */

/** The window event JackpotWidget answers by opening its panel and taking the focus. */
export const OPEN_JACKPOT_WIDGET_EVENT = 'atrium:open-jackpot-widget';

/** Asks the page's jackpot widget to open its panel. */
export function openJackpotWidget(): void {
  window.dispatchEvent(new Event(OPEN_JACKPOT_WIDGET_EVENT));
}
