/**
 * The player's personal info on /additional-information/: name, address (with the province where
 * the country's addresses have one, shared/subdivisions.ts) and date of birth, read from the
 * platform and saved back to it. The platform decides what is valid (players/personal-info.ts): a
 * refusal names each field, and the form shows each message under its field (aria-describedby)
 * and moves the focus to the first one. Fields verified with the player's ID are read-only, with a
 * note saying how to change them.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { subdivisionsOf } from '../../../shared/subdivisions.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { PersonalInfoInput } from '../../lib/graphql/generated/player.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { loadPersonalInfo, updatePersonalInfo, type PersonalInfoData } from './account-api.ts';
import { fieldMessages } from './field-errors.ts';
import type { PersonalInfoTexts } from './account-texts.ts';

/** The form's fields in the order they show (and are focused when refused). */
export const FORM_FIELDS = ['firstName', 'lastName', 'street', 'city', 'zipCode', 'state', 'dateOfBirth'] as const;
type Field = (typeof FORM_FIELDS)[number] & keyof PersonalInfoInput;
type Values = Record<Field, string>;

const AUTOCOMPLETE: Record<Field, string> = {
  firstName: 'given-name', lastName: 'family-name', street: 'street-address', city: 'address-level2', zipCode: 'postal-code', state: 'address-level1', dateOfBirth: 'bday',
};

interface Props {
  locale: Locale;
  texts: PersonalInfoTexts;
}

function valuesOf(data: PersonalInfoData): Values {
  const info = data.personalInfo;
  return {
    firstName: info.firstName ?? '', lastName: info.lastName ?? '', street: info.street ?? '', city: info.city ?? '',
    zipCode: info.zipCode ?? '', state: info.state ?? '', dateOfBirth: info.dateOfBirth ?? '',
  };
}

/** The personal info form. */
export default function PersonalInfoForm({ locale, texts }: Props) {
  const hydrated = useHydrated();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [data, setData] = useState<PersonalInfoData | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    loadPersonalInfo().then(
      (loaded) => {
        if (!current) return;
        setData(loaded);
        setValues(valuesOf(loaded));
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  // After a refusal, the first refused field (in the form's order) takes the focus.
  const [focusFirst, setFocusFirst] = useState(0);
  useEffect(() => {
    if (focusFirst === 0) return;
    const first = FORM_FIELDS.find((field) => errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [focusFirst, errors]);

  if (failed && !data) return <p className="personal-info__load-error" role="alert">{texts.loadError}</p>;
  if (!hydrated || !data || !values) return <p className="personal-info personal-info--loading" aria-busy="true">{texts.loading}</p>;

  const verified = new Set(data.verifiedPersonalInfo);
  const provinces = subdivisionsOf(data.country.code);
  const shown = FORM_FIELDS.filter((field) => field !== 'state' || provinces);
  const provinceName = (names: { en: string; fr: string }) => (locale.startsWith('fr') ? names.fr : names.en);

  const submit = async (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    // Verified fields are left out: the platform keeps them as the ID showed them.
    const input: PersonalInfoInput = Object.fromEntries(shown.filter((field) => !verified.has(field)).map((field) => [field, values[field]]));
    try {
      const saved = await updatePersonalInfo(input);
      setData(saved);
      setValues(valuesOf(saved));
      setErrors({});
      setStatus({ text: texts.saved, error: false });
    } catch (error) {
      const messages = fieldMessages(error, texts.errors);
      if (messages) {
        setErrors(messages);
        setStatus({ text: texts.fixErrors, error: true });
        setFocusFirst((count) => count + 1);
      } else {
        setStatus({ text: texts.saveError, error: true });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="personal-info" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${ids}-title`} data-testid="personal-info">
      <h2 id={`${ids}-title`}>{texts.title}</h2>
      <p>{texts.intro}</p>
      <div className="personal-info__fields">
        {shown.map((field) => {
          const id = `${ids}-${field}`;
          const locked = verified.has(field);
          const error = errors[field];
          const described = [field === 'dateOfBirth' && !locked ? `${id}-hint` : null, locked ? `${id}-verified` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
          const common = {
            id,
            name: field,
            value: values[field],
            autoComplete: AUTOCOMPLETE[field],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': described || undefined,
            'aria-required': true,
          } as const;
          const change = (value: string) => setValues({ ...values, [field]: value });
          return (
            <div key={field} className={`personal-info__field personal-info__field--${field}`}>
              <label htmlFor={id}>{texts.labels[field]}</label>
              {field === 'state' && provinces ? (
                <select {...common} onChange={(event) => change(event.target.value)}>
                  <option value="">{texts.statePlaceholder}</option>
                  {provinces.map((province) => <option key={province.code} value={province.code}>{provinceName(province.names)}</option>)}
                </select>
              ) : (
                <input
                  {...common}
                  type={field === 'dateOfBirth' ? 'date' : 'text'}
                  maxLength={100}
                  readOnly={locked}
                  onChange={(event) => change(event.target.value)}
                />
              )}
              {field === 'dateOfBirth' && !locked && <p id={`${id}-hint`} className="personal-info__hint">{texts.dateOfBirthHint}</p>}
              {locked && <p id={`${id}-verified`} className="personal-info__hint">{texts.verified}</p>}
              {error && <p id={`${id}-error`} className="personal-info__error" data-testid={`error-${field}`}>{error}</p>}
            </div>
          );
        })}
      </div>
      <div className="personal-info__actions">
        <button type="submit" className="button" disabled={busy}>{texts.save}</button>
        <p className={status?.error ? 'personal-info__status personal-info__status--error' : 'personal-info__status'} role="status">{status?.text}</p>
      </div>
    </form>
  );
}
