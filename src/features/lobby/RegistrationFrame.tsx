/**
 * The registration form in a frame on the lobby (the `landing_registration` flag's `iframe`,
 * RegistrationEntry.astro). The frame is created only once the island has hydrated, and the island
 * hydrates only once it is shown (`client:afterpaint="visible"` under CSS that hides it unless the
 * flag asks for it), so a visitor without the flag never loads the form or this code. The box keeps
 * its height from the server's markup on, so the frame's arrival moves nothing.
 */
import { useHydrated } from '../session/use-hydrated.ts';

interface Props {
  /** The embedded registration page (auth/embedded.ts). */
  src: string;
  /** The frame's accessible name. */
  title: string;
}

/** The frame's box, and the frame once hydrated. */
export default function RegistrationFrame({ src, title }: Props) {
  const hydrated = useHydrated();
  return <div className="registration-entry__frame">{hydrated && <iframe src={src} title={title} />}</div>;
}
