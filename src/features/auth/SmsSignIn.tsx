/**
 * SMS sign-in (and sign-up: an unknown number registers on verification). Three steps on three
 * routes: the number (/login/ or /register/), the code (/enter-code/) and a new code
 * (/resend-code/). It calls the platform through the tiny same-origin client, not Apollo, so the
 * sign-in pages stay light; the tokens it gets go to the cookies and the player runtime takes over
 * on the next page. Its buttons stay disabled until the island has hydrated: a submit before that
 * would reload the page with the number in the address. What was typed before is kept. Under a
 * licence that asks for deposit limits on registration (mga) the sign-up page asks for them too; the
 * code step sends them, and the platform sets them only when the number opens a new account.
 * The code step shows a box per digit of the code and keeps only digits, unless the brand enables
 * BasicEnterCode (a plain field that takes the code as typed). With DefaultConsentRegistration the
 * sign-up page offers marketing already ticked; the player can untick it before the code is sent.
 */
import { useEffect, useId, useRef, useState, type CSSProperties, type SubmitEvent } from 'react';
import { useHydrated } from '../session/use-hydrated.ts';
import { GraphqlClientError, graphqlRequest } from '../../lib/graphql-client.ts';
import { RequestSmsLoginCodeDocument, ResendSmsLoginCodeDocument, VerifySmsLoginCodeDocument } from '../../lib/graphql/generated/graphql.ts';
import {
  finishSignIn, rememberedRegistrationLimits, rememberedRegistrationMarketing, rememberedSmsCodeLength, rememberedSmsPhone,
  rememberRegistrationLimits, rememberRegistrationMarketing, rememberSmsCodeLength, rememberSmsPhone, withReturnTo, type RegistrationLimit,
} from './sign-in.ts';
import { fillText as fill } from '../../i18n/fill.ts';
import { rememberRegistrationJackpot } from '../jackpot/registration-opt-in.ts';

/** Texts of the SMS flow, translated on the server. */
export interface SmsTexts {
  intro: string;
  phoneLabel: string;
  phoneHint: string;
  sendCode: string;
  codeLabel: string;
  codeSentTo: string;
  verifyCode: string;
  resendCode: string;
  codeResent: string;
  changeNumber: string;
  noPhone: string;
  errors: Record<'InvalidSmsCode' | 'SmsCodeExpired' | 'TooManyAttempts' | 'SmsResendTooSoon' | 'phone' | 'code' | 'generic', string>;
}

/** The deposit limits a sign-up asks for under a licence that wants them on registration (mga). */
export interface RegistrationLimitsField {
  periods: readonly RegistrationLimit['period'][];
  currency: string;
  texts: { title: string; hint: string; labels: Record<RegistrationLimit['period'], string>; invalid: string };
}

interface Props {
  mode: 'phone' | 'code' | 'resend';
  /** On the sign-up page under mga: the optional deposit limits. */
  registrationLimits?: RegistrationLimitsField | null;
  /** On the sign-up page with DefaultConsentRegistration: the marketing opt-in's label (ticked to start with). */
  registrationMarketing?: string | null;
  /** JackpotInRegistrationFlow: the jackpot opt-in's label (unticked to start with); the widget opts in after sign-in. */
  registrationJackpot?: string | null;
  /** BasicEnterCode: the code step is a plain field instead of a box per digit. */
  basicCode?: boolean;
  texts: SmsTexts;
  paths: { login: string; enterCode: string; resendCode: string; home: string };
  /** The guarded return path of the page, carried from step to step. */
  returnTo: string | null;
}

function errorText(error: unknown, texts: SmsTexts): string {
  if (!(error instanceof GraphqlClientError)) return texts.errors.generic;
  switch (error.kind) {
    case 'InvalidSmsCode':
      return fill(texts.errors.InvalidSmsCode, { attempts: Number(error.extensions.attemptsLeft ?? 0) });
    case 'SmsCodeExpired':
      return texts.errors.SmsCodeExpired;
    case 'TooManyAttempts':
      return texts.errors.TooManyAttempts;
    case 'SmsResendTooSoon':
      return fill(texts.errors.SmsResendTooSoon, { seconds: Number(error.extensions.retryAfterSeconds ?? 30) });
    case 'BadUserInput':
      return texts.errors.phone;
    default:
      return texts.errors.generic;
  }
}

/** The SMS sign-in step for a route. */
export default function SmsSignIn({ mode, texts, paths, returnTo, registrationLimits, registrationMarketing = null, registrationJackpot = null, basicCode = false }: Props) {
  const id = useId();
  // undefined until mounted: the number lives in session storage, which server renders cannot read.
  const [phone, setPhone] = useState<string | null | undefined>(undefined);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [limits, setLimits] = useState<Partial<Record<RegistrationLimit['period'], string>>>({});
  const [invalidLimit, setInvalidLimit] = useState<RegistrationLimit['period'] | null>(null);
  const [marketing, setMarketing] = useState(true);
  const [joinJackpot, setJoinJackpot] = useState(false);
  const [codeLength, setCodeLength] = useState<number | null>(null);
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Text typed into the server's field before the island took over.
    const typed = field.current?.value;
    if (typed) setValue(typed);
    // And the limits typed into the server's fields (mga sign-up), which the state would otherwise drop.
    const typedLimits = Object.fromEntries((registrationLimits?.periods ?? []).flatMap((period) => {
      const typedLimit = (document.getElementById(`${id}-limit-${period}`) as HTMLInputElement | null)?.value;
      return typedLimit ? [[period, typedLimit]] : [];
    }));
    if (Object.keys(typedLimits).length > 0) setLimits(typedLimits);
    setPhone(rememberedSmsPhone());
    setCodeLength(rememberedSmsCodeLength());
    if (mode === 'code' && new URLSearchParams(location.search).has('resent')) setNotice(texts.codeResent);
  }, [mode, texts.codeResent, registrationLimits, id]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(errorText(caught, texts));
      setBusy(false);
    }
  };

  if (mode !== 'phone' && phone === undefined) return <p role="status" aria-busy="true" />;
  // The code and resend steps need the number the first step remembered.
  const rememberedPhone = phone ?? null;
  if (mode !== 'phone' && !rememberedPhone) {
    return (
      <div className="auth-form">
        <p>{texts.noPhone}</p>
        <a className="button" href={withReturnTo(paths.login, returnTo)}>{texts.changeNumber}</a>
      </div>
    );
  }

  const errorId = `${id}-error`;
  const alert = error ? <p id={errorId} className="auth-form__error" role="alert">{error}</p> : null;

  if (mode === 'phone') {
    const submit = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const number = value.trim();
      if (!/^\+?[\d\s()-]{6,20}$/.test(number)) {
        setError(texts.errors.phone);
        return;
      }
      // The platform checks the limits with the number (as the limits page would), before any code is sent.
      const chosen: RegistrationLimit[] = (registrationLimits?.periods ?? [])
        .map((period) => ({ period, amount: (limits[period] ?? '').trim().replace(',', '.') }))
        .filter((limit) => limit.amount !== '');
      setInvalidLimit(null);
      void run(async () => {
        let data;
        try {
          data = await graphqlRequest(RequestSmsLoginCodeDocument, { phoneNumber: number, ...(chosen.length > 0 ? { depositLimits: chosen } : {}) });
        } catch (caught) {
          const field = caught instanceof GraphqlClientError ? caught.extensions.field : undefined;
          const period = typeof field === 'string' ? registrationLimits?.periods.find((entry) => field === `depositLimit${entry}`) : undefined;
          if (!period) throw caught;
          setInvalidLimit(period);
          setBusy(false);
          document.getElementById(`${id}-limit-${period}`)?.focus();
          return;
        }
        rememberSmsPhone(data.requestSmsLoginCode.phoneNumber);
        rememberSmsCodeLength(data.requestSmsLoginCode.codeLength);
        rememberRegistrationLimits(chosen);
        rememberRegistrationMarketing(registrationMarketing ? marketing : null);
        rememberRegistrationJackpot(registrationJackpot ? joinJackpot : null);
        location.assign(withReturnTo(paths.enterCode, returnTo));
      });
    };
    return (
      <form className="auth-form" onSubmit={submit} noValidate>
        <p>{texts.intro}</p>
        <label htmlFor={`${id}-phone`}>{texts.phoneLabel}</label>
        <span className="auth-form__hint" id={`${id}-hint`}>{texts.phoneHint}</span>
        <input
          ref={field} id={`${id}-phone`} name="phoneNumber" type="tel" inputMode="tel" autoComplete="tel" maxLength={100} required
          value={value} onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
        />
        {registrationLimits && (
          <fieldset className="auth-form__limits" aria-describedby={`${id}-limits-hint`}>
            <legend>{registrationLimits.texts.title}</legend>
            <span className="auth-form__hint" id={`${id}-limits-hint`}>{registrationLimits.texts.hint}</span>
            {registrationLimits.periods.map((period) => (
              <div key={period} className="auth-form__limit">
                <label htmlFor={`${id}-limit-${period}`}>{fill(registrationLimits.texts.labels[period], { currency: registrationLimits.currency })}</label>
                <input
                  id={`${id}-limit-${period}`} type="text" inputMode="decimal" autoComplete="off" maxLength={18}
                  value={limits[period] ?? ''} onChange={(event) => setLimits({ ...limits, [period]: event.target.value })}
                  aria-invalid={invalidLimit === period ? true : undefined}
                  aria-describedby={invalidLimit === period ? `${id}-limit-error` : undefined}
                />
                {invalidLimit === period && <span className="auth-form__error" id={`${id}-limit-error`}>{registrationLimits.texts.invalid}</span>}
              </div>
            ))}
          </fieldset>
        )}
        {registrationMarketing && (
          <label className="auth-form__check">
            <input type="checkbox" name="marketing" checked={marketing} onChange={(event) => setMarketing(event.target.checked)} />
            {registrationMarketing}
          </label>
        )}
        {registrationJackpot && (
          <label className="auth-form__check">
            <input type="checkbox" name="jackpot" checked={joinJackpot} onChange={(event) => setJoinJackpot(event.target.checked)} />
            {registrationJackpot}
          </label>
        )}
        {alert}
        <button className="button" type="submit" disabled={!hydrated || busy}>{texts.sendCode}</button>
      </form>
    );
  }

  if (mode === 'resend') {
    return (
      <div className="auth-form">
        <p>{fill(texts.codeSentTo, { phone: phone ?? '' })}</p>
        {alert}
        <button
          className="button" type="button" disabled={!hydrated || busy}
          onClick={() => void run(async () => {
            if (!rememberedPhone) return;
            await graphqlRequest(ResendSmsLoginCodeDocument, { phoneNumber: rememberedPhone });
            const target = new URL(withReturnTo(paths.enterCode, returnTo), location.origin);
            target.searchParams.set('resent', '1');
            location.assign(`${target.pathname}${target.search}`);
          })}
        >
          {texts.resendCode}
        </button>
        <a href={withReturnTo(paths.login, returnTo)}>{texts.changeNumber}</a>
      </div>
    );
  }

  // The boxes need the code's length, which the number step remembered; without it the plain field.
  const boxes = basicCode ? null : codeLength;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = value.replace(/\s/g, '');
    if (!/^\d{4,8}$/.test(code)) {
      setError(texts.errors.code);
      return;
    }
    if (!rememberedPhone) return;
    void run(async () => {
      const depositLimits = rememberedRegistrationLimits();
      const marketingChoice = rememberedRegistrationMarketing();
      // The lobby keeps the refresh token in its HttpOnly cookie: this page only ever sees the access token.
      const data = await graphqlRequest(
        VerifySmsLoginCodeDocument,
        { phoneNumber: rememberedPhone, code, ...(depositLimits.length > 0 ? { depositLimits } : {}), ...(marketingChoice !== null ? { marketing: marketingChoice } : {}) },
        { keepRefreshTokenOnServer: true },
      );
      finishSignIn(data.verifySmsLoginCode, paths.home);
    });
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p>{fill(texts.codeSentTo, { phone: phone ?? '' })}</p>
      {notice && <p role="status">{notice}</p>}
      <label htmlFor={`${id}-code`}>{texts.codeLabel}</label>
      <input
        ref={field} id={`${id}-code`} name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required
        // A box per digit: only digits, as many as the code has; the field takes a pasted "123 456" whole before trimming it.
        maxLength={boxes ? boxes * 2 : 8}
        className={boxes ? 'auth-form__code-boxes' : undefined}
        style={boxes ? ({ '--code-length': boxes } as CSSProperties) : undefined}
        value={value} onChange={(event) => setValue(boxes ? event.target.value.replace(/\D/g, '').slice(0, boxes) : event.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
      />
      {alert}
      <button className="button" type="submit" disabled={!hydrated || busy}>{texts.verifyCode}</button>
      <p className="auth-form__links">
        <a href={withReturnTo(paths.resendCode, returnTo)}>{texts.resendCode}</a>
        <a href={withReturnTo(paths.login, returnTo)}>{texts.changeNumber}</a>
      </p>
    </form>
  );
}
