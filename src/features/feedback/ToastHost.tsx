/**
 * The toast region: a polite live region listing feedback messages. Errors are announced
 * assertively. Hovering (or focusing) a message pauses its auto-close.
 */
import { useStore } from '@nanostores/react';
import { $feedback, closeFeedback, pauseFeedback, resumeFeedback, type FeedbackKind } from './store.ts';

/** Labels, translated on the server. */
export type ToastTexts = Record<FeedbackKind, string> & { close: string; region: string };

/** The single toast outlet of a page. */
export function ToastHost({ texts }: { texts: ToastTexts }) {
  const messages = useStore($feedback);
  return (
    <section className="toasts" aria-label={texts.region}>
      <ol>
        {messages.map((item) => (
          <li
            key={item.id}
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
          </li>
        ))}
      </ol>
    </section>
  );
}
