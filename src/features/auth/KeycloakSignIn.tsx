/**
 * Sign-in (or sign-up) with the identity provider: a button that starts the authorization-code
 * flow with PKCE; with `autoSignIn` in the query it starts at once. oidc-client-ts is imported
 * only when the flow starts. The button stays disabled until the island has hydrated, so a click
 * in the moment before is never silently lost.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { readSessionConfig } from '../session/config.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { requestedReturnPath } from './sign-in.ts';

interface Props {
  mode: 'signIn' | 'register';
  texts: { intro: string; action: string; failed: string };
  /** Where to go after signing in when the page names no return path. */
  home: string;
}

/** The provider sign-in button. */
export default function KeycloakSignIn({ mode, texts, home }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const hydrated = useHydrated();

  const start = () => {
    if (started.current) return;
    started.current = true;
    setBusy(true);
    setError(null);
    import('./keycloak-session.ts')
      .then(({ startKeycloakSignIn }) => startKeycloakSignIn(readSessionConfig(), { returnTo: requestedReturnPath() ?? home, register: mode === 'register' }))
      .catch((caught: unknown) => {
        console.error('[auth] The identity provider sign-in could not start:', caught);
        started.current = false;
        setBusy(false);
        setError(`${texts.failed} (${(caught as Error).message})`);
      });
  };

  // autoSignIn=1 (the Sign In button of the sports pages) starts the sign-in once, on arrival.
  const startIfAsked = useEffectEvent(() => {
    if (new URLSearchParams(location.search).get('autoSignIn') === '1') start();
  });
  useEffect(() => startIfAsked(), []);

  return (
    <div className="auth-form">
      <p>{texts.intro}</p>
      {error && <p className="auth-form__error" role="alert">{error}</p>}
      <button className="button" type="button" onClick={start} disabled={!hydrated || busy} aria-busy={busy || undefined}>{texts.action}</button>
    </div>
  );
}
