/**
 * The identity provider's own pages, themed with the brand's colours and written in the lobby's
 * locale (ui_locales of the authorization request): sign-in, registration, sign-out and errors.
 * Forms post back to the same login-actions URL; every error names the field and says what to do,
 * and is announced to screen readers.
 */
import type { PageLocale } from '../i18n/page-texts.ts';
import { errorSummary, escapeHtml, field, page } from '../web/html.ts';
import type { PageTheme } from '../web/html.ts';

/** What every identity-provider page knows: the brand, its theme and the page's locale. */
export interface IdpPage {
  brandName: string;
  theme: PageTheme;
  texts: PageLocale;
}

/** What a sign-in or registration page shows. */
export interface FormPage extends IdpPage {
  action: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** A message shown above the form (account created, cancelled, …). */
  notice?: string;
}

const loginLabels = (texts: PageLocale) => ({ identifier: texts.t('idp.field.identifier'), password: texts.t('idp.field.password') });
const registerLabels = (texts: PageLocale) => ({
  email: texts.t('idp.field.email'),
  password: texts.t('idp.field.password'),
  firstName: texts.t('idp.field.firstName'),
  lastName: texts.t('idp.field.lastName'),
  dateOfBirth: texts.t('idp.field.dateOfBirth'),
  phoneNumber: texts.t('idp.field.phoneNumber'),
  personalCode: texts.t('idp.field.personalCode'),
  depositLimitDay: texts.t('idp.field.depositLimitDay'),
  depositLimitWeek: texts.t('idp.field.depositLimitWeek'),
  depositLimitMonth: texts.t('idp.field.depositLimitMonth'),
  terms: texts.t('idp.field.terms'),
});

/** What the brand's licence adds to the registration form (shared/licences.ts). */
export interface RegistrationExtras {
  /** est: the personal identification code. */
  personalCode: boolean;
  /** mga: the deposit limit periods offered, in the wallet's currency. */
  depositLimitPeriods: readonly ('Day' | 'Week' | 'Month')[];
  currency: string;
}

/** The licence's extra fields: the personal code, and the optional deposit limits in their own group. */
function extraFields(extras: RegistrationExtras | undefined, texts: PageLocale, values: Record<string, string>, errors: Record<string, string>): string {
  if (!extras) return '';
  const labels = registerLabels(texts);
  const code = extras.personalCode
    ? field({ name: 'personalCode', label: labels.personalCode, value: values.personalCode ?? '', error: errors.personalCode, inputmode: 'numeric', autocomplete: 'off', hint: texts.t('idp.register.personalCodeHint') })
    : '';
  const limits = extras.depositLimitPeriods.length > 0
    ? `<fieldset aria-describedby="deposit-limits-hint"><legend>${escapeHtml(texts.t('idp.register.depositLimits'))}</legend>
<p class="hint" id="deposit-limits-hint">${escapeHtml(texts.t('idp.register.depositLimitsHint'))}</p>
${extras.depositLimitPeriods.map((period) => {
    const name = `depositLimit${period}`;
    return field({ name, label: `${labels[name as keyof typeof labels]} (${extras.currency})`, value: values[name] ?? '', error: errors[name], inputmode: 'decimal', autocomplete: 'off', required: false });
  }).join('\n')}
</fieldset>`
    : '';
  return `${code}${limits}`;
}

/** The cancel form both pages end with. */
const cancelForm = (options: FormPage) =>
  `<form method="post" action="${escapeHtml(options.action)}"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">${escapeHtml(options.texts.t('idp.cancel'))}</button></form>`;

/** The sign-in page. */
export function loginPage(options: FormPage): string {
  const { texts } = options;
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const labels = loginLabels(texts);
  return page({
    title: texts.t('idp.signIn.title'),
    heading: texts.t('idp.signIn.heading', { brand: options.brandName }),
    brandName: options.brandName,
    theme: options.theme,
    lang: texts.tag,
    body: `${errorSummary(errors, labels, texts)}
${options.notice ? `<p role="status">${escapeHtml(options.notice)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="action" value="login">
${field({ name: 'identifier', label: labels.identifier, type: 'text', value: values.identifier ?? '', error: errors.identifier, autocomplete: 'username' })}
${field({ name: 'password', label: labels.password, type: 'password', error: errors.password, autocomplete: 'current-password' })}
<button type="submit">${escapeHtml(texts.t('idp.signIn.submit'))}</button>
</form>
${cancelForm(options)}
<p class="switch">${escapeHtml(texts.t('idp.signIn.newHere'))} <a href="${escapeHtml(options.action)}?view=register">${escapeHtml(texts.t('idp.signIn.createAccount'))}</a></p>`,
  });
}

/** The registration page (reached through /registrations or the link on the sign-in page). */
/** A legal document the registration checkbox links to, in the version the form records. */
export interface RegistrationDocument {
  document: 'terms-and-conditions' | 'privacy-policy';
  /** The version in force; null when the brand has not written the document yet. */
  version: string | null;
}

/** The checkbox's text: each document a link to the lobby's page of the version being accepted (in a new tab, so the form stays). */
function acceptTermsHtml(texts: PageLocale, documents: readonly RegistrationDocument[]): string {
  const link = (document: RegistrationDocument['document'], key: 'idp.register.termsLink' | 'idp.register.privacyLink') => {
    const version = documents.find((entry) => entry.document === document)?.version ?? null;
    const href = `/${texts.locale}/${document}/${version ? `?version=${encodeURIComponent(version)}` : ''}`;
    const label = `${texts.t(key)}${version ? texts.t('idp.register.version', { version }) : ''}`;
    return { html: `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" data-version="${escapeHtml(version ?? '')}">${escapeHtml(label)}</a>` };
  };
  return texts.html('idp.register.acceptTerms', { terms: link('terms-and-conditions', 'idp.register.termsLink'), privacy: link('privacy-policy', 'idp.register.privacyLink') });
}

/** The registration page; the checkbox records the versions of the documents it links to (legalVersions). */
export function registerPage(options: FormPage & { minimumAge: number; phoneExample: string; documents?: readonly RegistrationDocument[]; legalVersions?: string; extras?: RegistrationExtras }): string {
  const { texts } = options;
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const labels = registerLabels(texts);
  return page({
    title: texts.t('idp.register.title'),
    heading: texts.t('idp.register.heading', { brand: options.brandName }),
    brandName: options.brandName,
    theme: options.theme,
    lang: texts.tag,
    body: `${errorSummary(errors, labels, texts)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="action" value="register">
${field({ name: 'email', label: labels.email, type: 'email', value: values.email ?? '', error: errors.email, autocomplete: 'email' })}
${field({ name: 'password', label: labels.password, type: 'password', error: errors.password, autocomplete: 'new-password', hint: texts.t('idp.register.passwordHint') })}
${field({ name: 'firstName', label: labels.firstName, value: values.firstName ?? '', error: errors.firstName, autocomplete: 'given-name' })}
${field({ name: 'lastName', label: labels.lastName, value: values.lastName ?? '', error: errors.lastName, autocomplete: 'family-name' })}
${field({ name: 'dateOfBirth', label: labels.dateOfBirth, type: 'date', value: values.dateOfBirth ?? '', error: errors.dateOfBirth, autocomplete: 'bday', hint: texts.t('idp.register.ageHint', { age: options.minimumAge }) })}
${field({ name: 'phoneNumber', label: labels.phoneNumber, type: 'tel', value: values.phoneNumber ?? '', error: errors.phoneNumber, autocomplete: 'tel', required: false, hint: texts.t('idp.register.phoneHint', { example: options.phoneExample }) })}
${extraFields(options.extras, texts, values, errors)}
<label class="check" for="field-terms"><input id="field-terms" type="checkbox" name="terms" value="yes"${values.terms === 'yes' ? ' checked' : ''}${errors.terms ? ' aria-invalid="true" aria-describedby="field-terms-error"' : ''}> <span>${acceptTermsHtml(texts, options.documents ?? [])}</span></label>
<input type="hidden" name="legalVersions" value="${escapeHtml(options.legalVersions ?? '')}">
${errors.terms ? `<span class="field-error" id="field-terms-error">${escapeHtml(errors.terms)}</span>` : ''}
<button type="submit">${escapeHtml(texts.t('idp.register.submit'))}</button>
</form>
${cancelForm(options)}
<p class="switch">${escapeHtml(texts.t('idp.register.haveAccount'))} <a href="${escapeHtml(options.action)}?view=login">${escapeHtml(texts.t('idp.register.signIn'))}</a></p>`,
  });
}

/**
 * The code page after the registration form: the same page whether or not the address already had an
 * account (the e-mail says which). The code finishes the registration; "start again" is the form.
 */
export function registerCodePage(options: FormPage & { email: string; registration: string; error?: string }): string {
  const { texts } = options;
  const label = texts.t('idp.field.emailCode');
  const errors: Record<string, string> = options.error ? { code: options.error } : {};
  return page({
    title: texts.t('idp.registerCode.title'),
    heading: texts.t('idp.registerCode.heading'),
    brandName: options.brandName,
    theme: options.theme,
    lang: texts.tag,
    body: `${errorSummary(errors, { code: label }, texts)}
<p role="status">${escapeHtml(texts.t('idp.registerCode.sent', { email: options.email }))}</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="action" value="register-code">
<input type="hidden" name="registration" value="${escapeHtml(options.registration)}">
<input type="hidden" name="email" value="${escapeHtml(options.email)}">
${field({ name: 'code', label, type: 'text', error: errors.code, autocomplete: 'one-time-code', inputmode: 'numeric', hint: texts.t('idp.registerCode.hint') })}
<button type="submit">${escapeHtml(texts.t('idp.registerCode.submit'))}</button>
</form>
${cancelForm(options)}
<p class="switch">${escapeHtml(texts.t('idp.registerCode.noEmail'))} <a href="${escapeHtml(options.action)}?view=register">${escapeHtml(texts.t('idp.registerCode.startAgain'))}</a></p>`,
  });
}

/** The sign-out page: oidc-provider's form, submitted automatically (a button without JavaScript). */
export function logoutPage(options: IdpPage & { form: string }): string {
  const { texts } = options;
  return page({
    title: texts.t('idp.logout.title'),
    brandName: options.brandName,
    theme: options.theme,
    lang: texts.tag,
    body: `<p>${escapeHtml(texts.t('idp.logout.body', { brand: options.brandName }))}</p>
${options.form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(texts.t('idp.logout.submit'))}</button>
<script>(function(){var f=document.getElementById('op.logoutForm');if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();</script>`,
  });
}

/** Shown after sign-out when the client gave no post_logout_redirect_uri. */
export function signedOutPage(options: IdpPage): string {
  const { texts } = options;
  return page({ title: texts.t('idp.signedOut.title'), brandName: options.brandName, theme: options.theme, lang: texts.tag, body: `<p role="status">${escapeHtml(texts.t('idp.signedOut.body', { brand: options.brandName }))}</p>` });
}

/**
 * An identity-provider error: the problem in the page's language. An OAuth error from the
 * provider itself (invalid_request, …) comes with an English description; it is kept as
 * technical detail, marked as English for screen readers.
 */
export function errorPage(options: IdpPage & { error: string; description?: string; technical?: boolean }): string {
  const { texts } = options;
  const detail = options.technical
    ? `<p>${escapeHtml(texts.t('idp.problem.restart'))}</p><p class="hint">${texts.html('idp.problem.details', { code: { html: `<code>${escapeHtml(options.error)}</code>` } })}${options.description ? ` <span lang="en">${escapeHtml(options.description)}</span>` : ''}</p>`
    : `<div role="alert"><p><strong>${escapeHtml(options.error)}</strong></p>${options.description ? `<p>${escapeHtml(options.description)}</p>` : ''}</div>
<p>${escapeHtml(texts.t('idp.problem.restart'))}</p>`;
  return page({
    title: texts.t('idp.problem.title'),
    brandName: options.brandName,
    theme: options.theme,
    lang: texts.tag,
    body: options.technical ? `<div role="alert">${detail}</div>` : detail,
  });
}
