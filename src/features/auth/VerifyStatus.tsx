/**
 * The verify-email and phone-verification pages: the signed-in player's verification state from
 * `$player`; visitors are asked to sign in. Skipping the optional phone verification is remembered
 * in the `skipOptionalPhoneNumberVerification` cookie (spec section 3, cookies).
 */
import { useStore } from '@nanostores/react';
import { $player } from '../session/player-store.ts';
import { cookieAssignment } from '../session/tokens.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { requestedReturnPath } from './sign-in.ts';
import { fillText } from '../../i18n/fill.ts';

interface Props {
  kind: 'email' | 'phone';
  texts: { intro: string; done: string; pending: string; skip: string; signIn: string; loading: string };
  paths: { login: string; home: string };
}

/** The player's email or phone verification state. */
export default function VerifyStatus({ kind, texts, paths }: Props) {
  const live = useStore($player);
  const hydrated = useHydrated();
  const status = hydrated ? live.status : 'LOADING';
  const player = hydrated ? live.player : null;
  if (status === 'LOADING') return <p role="status" aria-busy="true">{texts.loading}</p>;
  if (!player) {
    return (
      <div className="auth-form">
        <p>{texts.intro}</p>
        <a className="button" href={paths.login}>{texts.signIn}</a>
      </div>
    );
  }
  const verified = kind === 'email' ? player.emailVerified : player.isPhoneNumberVerified;
  const text = fillText(verified ? texts.done : texts.pending, { email: player.email, phone: player.phoneNumber ?? '' });
  const skip = () => {
    document.cookie = cookieAssignment('skipOptionalPhoneNumberVerification', '1', { maxAgeSeconds: 30 * 24 * 3600, secure: location.protocol === 'https:' });
    location.assign(requestedReturnPath() ?? paths.home);
  };
  return (
    <div className="auth-form">
      <p role="status">{text}</p>
      {kind === 'phone' && !verified && <button className="button button--secondary" type="button" onClick={skip}>{texts.skip}</button>}
    </div>
  );
}
