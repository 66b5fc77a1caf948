/**
 * Loads the live-chat provider's script (spec section 8): up to 3 attempts, 500 ms apart; a script
 * element that failed is removed before the next try, and after the last failure the caller shows
 * the error state.
 */

/** Attempts and the wait between them (spec section 8). */
export const LIVE_CHAT_LOAD = { attempts: 3, retryDelayMs: 500 } as const;

/** The element id of the provider's script by default (a provider may look for its own, such as `ze-snippet`). */
export const LIVE_CHAT_SCRIPT_ID = 'atrium-live-chat-script';

function attempt(src: string, doc: Document, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.id = id;
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`The live-chat script did not load: ${src}`));
    };
    doc.head.append(script);
  });
}

/** Loads the script, retrying; resolves once it ran, rejects after the last attempt failed. */
export async function loadChatScript(src: string, options: { doc?: Document; wait?: (ms: number) => Promise<void>; id?: string } = {}): Promise<void> {
  const doc = options.doc ?? document;
  const id = options.id ?? LIVE_CHAT_SCRIPT_ID;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let last: unknown;
  for (let index = 0; index < LIVE_CHAT_LOAD.attempts; index += 1) {
    if (index > 0) await wait(LIVE_CHAT_LOAD.retryDelayMs);
    try {
      await attempt(src, doc, id);
      return;
    } catch (error) {
      last = error;
    }
  }
  throw last;
}
