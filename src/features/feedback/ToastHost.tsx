/**
 * The toast region: a polite live region listing feedback messages. Errors are announced
 * assertively. Hovering (or focusing) a message pauses its auto-close.
 */
import { $feedback, closeFeedback, pauseFeedback, resumeFeedback, type FeedbackKind } from './store.ts';
import { useStoreAfterHydration } from '../session/use-hydrated.ts';

/** Labels, translated on the server. */
export type ToastTexts = Record<FeedbackKind, string> & { close: string; region: string };

/** The server renders no toast: messages are raised in the browser. */
const NO_MESSAGES: ReturnType<typeof $feedback.get> = [];

/** The single toast outlet of a page. */
export function ToastHost({ texts }: { texts: ToastTexts }) {
  const messages = useStoreAfterHydration($feedback, NO_MESSAGES);
  return (
    <section className="toasts" aria-label={texts.region}>
      <ol>
        {/* The live role sits inside each item: on the <li> itself it replaced the list item's role. */}
        {messages.map((item) => (
          <li key={item.id}>
            <div
              className={`toast toast--${item.kind} toast--${item.status}`}
              role={item.kind === 'error' ? 'alert' : 'status'}
              data-kind={item.kind}
              data-status={item.status}
              onMouseEnter={() => pauseFeedback(item.id)}
              onMouseLeave={() => resumeFeedback(item.id)}
              onFocus={() => pauseFeedback(item.id)}
              onBlur={() => resumeFeedback(item.id)}
            >
              <span className="visually-hidden">{texts[item.kind]}: </span>
              <span className="toast__message">{item.message}</span>
              <button type="button" className="toast__close" aria-label={texts.close} onClick={() => closeFeedback(item.id)}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
