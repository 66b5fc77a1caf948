/**
 * The operator console's one island (issue 32), on every /operator/ page: signs the operator in
 * through the operator realm (session.ts), asks the platform who they are (operatorMe), and shows
 * the navigation of the sections their roles open on this brand and the page's section. A section
 * the roles do not open says so and sends no call; the platform refuses such calls anyway. Loaded
 * only by the console's layout: no player page imports it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { OperatorMeDocument, type OperatorMeQuery } from '../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../i18n/operator/en.ts';
import { OperatorApiError, operatorCall, SIGNED_OUT_EVENT } from './api.ts';
import { allowedSections, consolePath, rolesOnBrand, SECTION_ROLE, type ConsoleSection } from './roles.ts';
import { consoleUser, signOutOfConsole, startConsoleSignIn } from './session.ts';
import { failureText, Message } from './ui.tsx';

// Each section's code loads only on its page.
const CompliancePanel = lazy(() => import('./CompliancePanel.tsx'));
const SupportPanel = lazy(() => import('./SupportPanel.tsx'));
const AdminPanel = lazy(() => import('./AdminPanel.tsx'));
const ContentPanel = lazy(() => import('./content/ContentPanel.tsx'));

type Me = OperatorMeQuery['operatorMe'];

interface Props {
  texts: OperatorTexts;
  /** The page's brand (the platform acts on it: the lobby's proxy sends x-brand). */
  brand: string;
  /** The brand's locales, en first: the languages an editor edits texts in. */
  locales: readonly string[];
  section: ConsoleSection | 'home';
}

type State = { phase: 'signing-in' } | { phase: 'failed'; message: string } | { phase: 'ready'; me: Me };

/** The console: sign-in, navigation and the page's section. */
export default function OperatorConsole({ texts, brand, locales, section }: Props) {
  const [state, setState] = useState<State>({ phase: 'signing-in' });
  useEffect(() => {
    let live = true;
    const start = async () => {
      const user = await consoleUser();
      if (!user) return;
      const { operatorMe } = await operatorCall(OperatorMeDocument, {});
      if (live) setState({ phase: 'ready', me: operatorMe });
    };
    start().catch((error: unknown) => {
      if (error instanceof OperatorApiError && error.needsSignIn) return;
      if (live) setState({ phase: 'failed', message: error instanceof OperatorApiError ? error.message : failureText(texts, error) });
    });
    // A call that finds the session over (expired, refused) starts a new sign-in that returns here.
    const signIn = () => void startConsoleSignIn(`${location.pathname}${location.search}`);
    window.addEventListener(SIGNED_OUT_EVENT, signIn);
    return () => {
      live = false;
      window.removeEventListener(SIGNED_OUT_EVENT, signIn);
    };
  }, [texts]);

  if (state.phase === 'signing-in') return <p role="status" className="op-message">{texts.session.signingIn}</p>;
  if (state.phase === 'failed') {
    return (
      <div className="op-card">
        <Message tone="error">{fillOperatorText(texts.session.failed, { reason: state.message })}</Message>
        <button type="button" className="op-button" onClick={() => void startConsoleSignIn(consolePath(section))}>{texts.session.retry}</button>
      </div>
    );
  }
  const { me } = state;
  const sections = allowedSections(me.roles, brand);
  return (
    <>
      <header className="op-header">
        <a className="op-header__title" href={consolePath('home')}>{texts.title}</a>
        <nav aria-label={texts.nav.label}>
          <ul className="op-nav">
            {sections.map((name) => (
              <li key={name}><a href={consolePath(name)} aria-current={name === section ? 'page' : undefined}>{texts.nav[name]}</a></li>
            ))}
          </ul>
        </nav>
        <div className="op-header__who">
          <span>{fillOperatorText(texts.session.signedInAs, { email: me.email })}</span>
          <button type="button" className="op-button op-button--quiet" onClick={() => void signOutOfConsole()}>{texts.session.signOut}</button>
        </div>
      </header>
      <main id="main" className="op-main" tabIndex={-1}>
        <Suspense fallback={<p role="status">…</p>}>
          <Section texts={texts} brand={brand} locales={locales} section={section} me={me} sections={sections} />
        </Suspense>
      </main>
    </>
  );
}

function Section({ texts, brand, locales, section, me, sections }: Props & { me: Me; sections: ConsoleSection[] }) {
  if (section === 'home') {
    const roles = [...rolesOnBrand(me.roles, brand)].map((role) => texts.roles[role] ?? role);
    return (
      <>
        <h1>{texts.home.heading}</h1>
        <p>{fillOperatorText(texts.home.brand, { brand })}</p>
        <p>{roles.length ? fillOperatorText(texts.home.roles, { roles: roles.join(', ') }) : texts.home.noRoles}</p>
        {sections.length > 0 && (
          <>
            <h2>{texts.home.sections}</h2>
            <ul>{sections.map((name) => <li key={name}><a href={consolePath(name)}>{texts.nav[name]}</a></li>)}</ul>
          </>
        )}
      </>
    );
  }
  if (!sections.includes(section)) {
    return (
      <>
        <h1>{texts.denied.heading}</h1>
        <p>{fillOperatorText(texts.denied.body, { role: texts.roles[SECTION_ROLE[section]] ?? SECTION_ROLE[section] })}</p>
      </>
    );
  }
  if (section === 'compliance') return <CompliancePanel texts={texts} brand={brand} />;
  if (section === 'support') return <SupportPanel texts={texts} />;
  if (section === 'admin') return <AdminPanel texts={texts} brand={brand} />;
  return <ContentPanel texts={texts} brand={brand} locales={locales} />;
}
