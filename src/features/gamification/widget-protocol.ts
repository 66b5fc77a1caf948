/**
 * The lobby's side of the provider widget's messages (platform README, "Gamification provider"):
 * every message is `{ type: 'atrium:gamification', event, … }`, accepted only from the widget's
 * exact origin (lib/frame-messages.ts), and the reload rule for a widget that fails (spec section 9:
 * up to 5 reloads, waiting 1 s longer each time).
 */
import { acceptFrameMessage } from '../../lib/frame-messages.ts';

/** The type tag of the widget's messages. */
export const WIDGET_MESSAGE_TYPE = 'atrium:gamification';
/** The events the widget posts. */
export const WIDGET_EVENTS = ['ready', 'loaded', 'error', 'opt-changed', 'resize'] as const;
/** One event of the widget. */
export type WidgetEvent = (typeof WIDGET_EVENTS)[number];

/** A message of the widget, as far as the lobby reads it. */
export interface WidgetMessage {
  type: typeof WIDGET_MESSAGE_TYPE;
  event: WidgetEvent;
  enable?: boolean;
  height?: number;
  message?: string;
}

/** How many times a failing widget is reloaded before the page says it failed. */
export const WIDGET_RELOADS = 5;
/** The step the wait before each reload grows by. */
export const WIDGET_RELOAD_STEP_MS = 1000;
/** How long a widget may take to say it loaded before it counts as failed. */
export const WIDGET_LOAD_TIMEOUT_MS = 10_000;
/** How long after a dialog action (the opt-in switch) the player's status is read again (spec section 9). */
export const STATUS_REFRESH_MS = 2000;

/** The widget message carried by a `message` event, or null when it must be ignored. */
export function acceptWidgetMessage(event: { origin: string; data: unknown }, widgetOrigin: string): WidgetMessage | null {
  return acceptFrameMessage<WidgetMessage>(event, widgetOrigin, WIDGET_MESSAGE_TYPE, WIDGET_EVENTS);
}

/** The wait before reload number `reload` (1 for the first), or null when the widget has had its reloads. */
export function widgetReloadDelay(reload: number): number | null {
  if (!Number.isInteger(reload) || reload < 1 || reload > WIDGET_RELOADS) return null;
  return reload * WIDGET_RELOAD_STEP_MS;
}

/** The widget's address on the provider's origin for a brand, locale, view and the lobby's own origin. */
export function widgetUrl(widgetOrigin: string, options: { brand: string; locale: string; view: 'missions' | 'tournaments' | 'settings'; lobbyOrigin: string; providerPath: string }): string {
  const url = new URL(`${options.providerPath}widget/`, widgetOrigin);
  url.searchParams.set('brand', options.brand);
  url.searchParams.set('locale', options.locale);
  url.searchParams.set('view', options.view);
  url.searchParams.set('origin', options.lobbyOrigin);
  return url.toString();
}
