/**
 * The one check of a message from an embedded frame (a game, the sportsbook): it must come from the
 * frame's own origin, be an object of the expected type, and name one of the known events. Anything
 * else is ignored, never trusted.
 */

/** A frame's message: its type tag and event. */
export interface FrameMessage<T extends string, E extends string> {
  type: T;
  event: E;
}

/** The message carried by a `message` event, or null when it must be ignored. */
export function acceptFrameMessage<M extends FrameMessage<string, string>>(
  event: { origin: string; data: unknown },
  expectedOrigin: string,
  type: M['type'],
  events: readonly M['event'][],
): M | null {
  if (!expectedOrigin || event.origin !== expectedOrigin) return null;
  const data = event.data;
  if (!data || typeof data !== 'object') return null;
  const message = data as Partial<M>;
  if (message.type !== type) return null;
  if (typeof message.event !== 'string' || !(events as readonly string[]).includes(message.event)) return null;
  return message as M;
}
