/**
 * Feedback messages (toasts): error, info, success and warning. Each message is open, then closing
 * for 300 ms, then removed; it closes itself after 5000 ms unless the pointer rests on it (the
 * timer pauses while hovered and resumes with the time that was left). Lifecycle: lives for the page.
 */
import { atom } from 'nanostores';

/** The kinds of feedback message. */
export type FeedbackKind = 'error' | 'info' | 'success' | 'warning';

/** A feedback message (spec section 3). */
export interface FeedbackMessage {
  id: number;
  kind: FeedbackKind;
  message: string;
  status: 'open' | 'closing';
  closeAfterMs: number;
  namespace?: string;
}

/** Auto-close delay (spec section 9). */
export const FEEDBACK_AUTO_CLOSE_MS = 5000;
/** Time a closing message stays before it is removed. */
export const FEEDBACK_CLOSE_DELAY_MS = 300;

/** The messages on screen, oldest first. */
export const $feedback = atom<FeedbackMessage[]>([]);

interface Timer { handle?: ReturnType<typeof setTimeout>; startedAt: number; remaining: number }
const timers = new Map<number, Timer>();
let nextId = 1;

function update(id: number, change: Partial<FeedbackMessage>): void {
  $feedback.set($feedback.get().map((item) => (item.id === id ? { ...item, ...change } : item)));
}

function schedule(id: number, ms: number): void {
  const timer: Timer = { startedAt: Date.now(), remaining: ms };
  timer.handle = setTimeout(() => closeFeedback(id), ms);
  timers.set(id, timer);
}

/** Shows a message; returns its id. A message in the same namespace replaces the older one. */
export function showFeedback(
  kind: FeedbackKind,
  message: string,
  options: { closeAfterMs?: number; namespace?: string } = {},
): number {
  if (options.namespace) {
    for (const item of $feedback.get()) if (item.namespace === options.namespace) removeFeedback(item.id);
  }
  const id = nextId++;
  const closeAfterMs = options.closeAfterMs ?? FEEDBACK_AUTO_CLOSE_MS;
  $feedback.set([...$feedback.get(), { id, kind, message, status: 'open', closeAfterMs, namespace: options.namespace }]);
  if (closeAfterMs > 0) schedule(id, closeAfterMs);
  return id;
}

/** Starts closing a message; it is removed after the close delay. */
export function closeFeedback(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  if (!$feedback.get().some((item) => item.id === id && item.status === 'open')) return;
  update(id, { status: 'closing' });
  setTimeout(() => removeFeedback(id), FEEDBACK_CLOSE_DELAY_MS);
}

/** Removes a message at once. */
export function removeFeedback(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  $feedback.set($feedback.get().filter((item) => item.id !== id));
}

/** Pauses a message's auto-close while the pointer hovers it. */
export function pauseFeedback(id: number): void {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timer.handle = undefined;
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
}

/** Resumes a paused message's auto-close with the time it had left. */
export function resumeFeedback(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.handle) return;
  schedule(id, timer.remaining);
}
