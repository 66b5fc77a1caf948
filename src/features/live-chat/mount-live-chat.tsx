/**
 * Starts the chat component in place of the server's button (live-chat-boot.ts): fetched only as
 * the visitor reaches for the chat, so a page that never opens it runs none of this.
 */
import { createRoot } from 'react-dom/client';
import LiveChat, { type LiveChatProps } from './LiveChat.tsx';

/** Renders the chat into `host` (replacing the server's button in one commit), opening it at once. */
export function mountLiveChat(host: HTMLElement, props: LiveChatProps, options: { focus: boolean }): void {
  createRoot(host).render(<LiveChat {...props} openNow focusOnMount={options.focus} />);
}
