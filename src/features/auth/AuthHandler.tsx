/**
 * The handler routes (main layout): where providers send the player back. Custom-token handlers
 * (login, trustly, zimpler, piq) move the tokens from the URL into the cookies and strip them from
 * the address; the keycloak handler completes the authorization-code exchange and verifies the
 * id_token; the redirection handler only forwards. Every onward target is guarded to this origin.
 * When there is nothing to finish (a handler opened on its own, a cancelled sign-in, a link that
 * names no page or another site) the page says once what happened and offers a way on.
 */
import { useEffect, useState } from 'react';
import { readSessionConfig } from '../session/config.ts';
import { safeRedirectPath } from '../session/redirect-guard.ts';
import { adoptIncomingTokens, browserTokenStore } from '../session/tokens.ts';
import { requestedReturnPath, RETURN_TO_PARAM } from './sign-in.ts';
import { rememberSignIn, signInMethodOf } from '../tags/sign-in-event.ts';

/** Texts of the handler pages, translated on the server. */
export interface HandlerTexts {
  working: string;
  failed: string;
  /** The address carried no sign-in to finish. */
  noSignIn: string;
  /** What the provider reported, with {reason}. */
  providerSaid: string;
  /** The redirection handler was given no target. */
  noTarget: string;
  /** The redirection handler's target leaves the site, with {target}. */
  refused: string;
  backToSignIn: string;
  goToLobby: string;
}

interface Props {
  kind: 'tokens' | 'keycloak' | 'redirect';
  home: string;
  login: string;
  texts: HandlerTexts;
}

/** What the page ended with, when it does not move on. */
type Outcome =
  | { kind: 'signInFailed'; detail: string }
  | { kind: 'notForwarded'; message: string };

/** Longest foreign target quoted back to the visitor; the rest is elided. */
const MAX_QUOTED = 120;

const fill = (template: string, name: string, value: string) => template.replace(`{${name}}`, value);

/** Finishes a provider's return and moves on. */
export default function AuthHandler({ kind, home, login, texts }: Props) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    // The silent-renew iframe is answered by the page's inline script.
    if (kind === 'keycloak' && params.has('silent')) return;
    // The lobby's server took a provider's tokens off this address and into the session's cookies
    // before the page loaded; a pair that still comes here is kept the same way.
    const store = browserTokenStore();
    const incoming = adoptIncomingTokens(store);
    const explicit = () => requestedReturnPath() ?? safeRedirectPath(params.get('redirectTo'), location.origin);
    const target = () => explicit() ?? home;
    // What the provider said went wrong (a cancelled sign-in, a refused bank), else that nothing came.
    const reported = params.get('error_description') ?? params.get('error');
    const tokens = kind === 'tokens' && !reported && (incoming || store.read() !== null);
    const signInFailed = () => setOutcome({ kind: 'signInFailed', detail: reported ? fill(texts.providerSaid, 'reason', reported) : texts.noSignIn });
    if (tokens) {
      rememberSignIn(signInMethodOf(location.pathname));
      location.replace(target());
      return;
    }
    if (kind === 'redirect') {
      // Forward only to a target the URL names (and the guard accepts); otherwise say why not.
      const destination = explicit();
      if (destination) {
        location.replace(destination);
        return;
      }
      const asked = params.get(RETURN_TO_PARAM) ?? params.get('redirectTo');
      const quoted = asked && asked.length > MAX_QUOTED ? `${asked.slice(0, MAX_QUOTED)}…` : asked;
      // The address only exists in the browser, so what it says can only be shown after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setOutcome({ kind: 'notForwarded', message: quoted ? fill(texts.refused, 'target', quoted) : texts.noTarget });
      return;
    }
    // A return from the provider (a code, or its error) still goes through the callback, which also
    // clears a half-made session; a bare visit has nothing to complete.
    if (kind === 'keycloak' && (params.has('code') || params.has('error'))) {
      import('../auth/keycloak-session.ts')
        .then(({ completeKeycloakSignIn }) => completeKeycloakSignIn(readSessionConfig()))
        .then(({ returnTo }) => {
          rememberSignIn('KEYCLOAK');
          location.replace(safeRedirectPath(returnTo, location.origin) ?? home);
        })
        .catch((error: unknown) => {
          // The provider's error, or a code already used (a reload, Back): the visitor needs a new sign-in.
          console.warn('[auth] Identity provider sign-in failed:', error);
          signInFailed();
        });
      return;
    }
    signInFailed();
  }, [home, kind, texts]);

  if (!outcome) return <p role="status" className="auth-handler__status">{texts.working}</p>;
  if (outcome.kind === 'notForwarded') {
    return (
      <div className="auth-handler__failure">
        <p role="alert">{outcome.message}</p>
        <a className="button" href={home}>{texts.goToLobby}</a>
      </div>
    );
  }
  return (
    <div className="auth-handler__failure">
      <div role="alert">
        <p>{texts.failed}</p>
        <p className="auth-form__hint">{outcome.detail}</p>
      </div>
      <p className="auth-form__links">
        <a className="button" href={login}>{texts.backToSignIn}</a>
        <a href={home}>{texts.goToLobby}</a>
      </p>
    </div>
  );
}
