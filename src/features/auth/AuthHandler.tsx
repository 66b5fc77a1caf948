/**
 * The handler routes (main layout): where providers send the player back. Custom-token handlers
 * (login, trustly, zimpler, piq) move the tokens from the URL into the cookies and strip them from
 * the address; the keycloak handler completes the authorization-code exchange and verifies the
 * id_token; the redirection handler only forwards. Every onward target is guarded to this origin.
 */
import { useEffect, useState } from 'react';
import { readSessionConfig } from '../session/config.ts';
import { safeRedirectPath } from '../session/redirect-guard.ts';
import { browserTokenStore, takeTokensFromUrl } from '../session/tokens.ts';
import { requestedReturnPath } from './sign-in.ts';

interface Props {
  kind: 'tokens' | 'keycloak' | 'redirect';
  home: string;
  login: string;
  texts: { working: string; failed: string; backToSignIn: string; goToLobby: string };
}

/** Finishes a provider's return and moves on. */
export default function AuthHandler({ kind, home, login, texts }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    // The silent-renew iframe is answered by the page's inline script.
    if (kind === 'keycloak' && params.has('silent')) return;
    const { tokens, cleaned } = takeTokensFromUrl(location.href);
    if (cleaned !== location.href) history.replaceState(history.state, '', cleaned);
    const explicit = () => requestedReturnPath() ?? safeRedirectPath(params.get('redirectTo'), location.origin);
    const target = () => explicit() ?? home;
    if (tokens) {
      browserTokenStore().write(tokens);
      location.replace(target());
      return;
    }
    if (kind === 'redirect') {
      // Forward only to a target the URL names (and the guard accepts); otherwise offer the lobby.
      const destination = explicit();
      if (destination) location.replace(destination);
      else setIdle(true);
      return;
    }
    if (kind === 'keycloak') {
      import('../auth/keycloak-session.ts')
        .then(({ completeKeycloakSignIn }) => completeKeycloakSignIn(readSessionConfig()))
        .then(({ returnTo }) => location.replace(safeRedirectPath(returnTo, location.origin) ?? home))
        .catch((error: unknown) => {
          console.warn('[auth] Identity provider sign-in failed:', error);
          setFailure((error as Error).message || texts.failed);
        });
      return;
    }
    setFailure(params.get('error_description') ?? params.get('error') ?? texts.failed);
  }, []);

  if (idle) return <a className="button" href={home}>{texts.goToLobby}</a>;
  if (!failure) return <p role="status" className="auth-handler__status">{texts.working}</p>;
  return (
    <div role="alert" className="auth-handler__failure">
      <p>{texts.failed}</p>
      <p className="auth-form__hint">{failure}</p>
      <a className="button" href={login}>{texts.backToSignIn}</a>
    </div>
  );
}
