/**
 * The identity provider's own pages, themed with the brand's colours: sign-in, registration,
 * sign-out and errors. Forms post back to the same login-actions URL; every error names the field
 * and says what to do, and is announced to screen readers.
 */
import { errorSummary, escapeHtml, field, page } from '../web/html.ts';
import type { PageTheme } from '../web/html.ts';

/** What a sign-in or registration page shows. */
export interface FormPage {
  brandName: string;
  theme: PageTheme;
  action: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** A message shown above the form (account created, cancelled, …). */
  notice?: string;
}

const LOGIN_LABELS = { identifier: 'Email or username', password: 'Password' };
const REGISTER_LABELS = {
  email: 'Email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  phoneNumber: 'Mobile number (optional)',
  terms: 'Terms and privacy policy',
};

/** The sign-in page. */
export function loginPage(options: FormPage): string {
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  return page({
    title: 'Sign in',
    heading: `Sign in to ${options.brandName}`,
    brandName: options.brandName,
    theme: options.theme,
    body: `${errorSummary(errors, LOGIN_LABELS)}
${options.notice ? `<p role="status">${escapeHtml(options.notice)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="action" value="login">
${field({ name: 'identifier', label: LOGIN_LABELS.identifier, type: 'text', value: values.identifier ?? '', error: errors.identifier, autocomplete: 'username' })}
${field({ name: 'password', label: LOGIN_LABELS.password, type: 'password', error: errors.password, autocomplete: 'current-password' })}
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(options.action)}"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel and go back</button></form>
<p class="switch">New here? <a href="${escapeHtml(options.action)}?view=register">Create an account</a></p>`,
  });
}

/** The registration page (reached through /registrations or the link on the sign-in page). */
export function registerPage(options: FormPage & { minimumAge: number; phoneExample: string }): string {
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  return page({
    title: 'Create your account',
    heading: `Join ${options.brandName}`,
    brandName: options.brandName,
    theme: options.theme,
    body: `${errorSummary(errors, REGISTER_LABELS)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="action" value="register">
${field({ name: 'email', label: REGISTER_LABELS.email, type: 'email', value: values.email ?? '', error: errors.email, autocomplete: 'email' })}
${field({ name: 'password', label: REGISTER_LABELS.password, type: 'password', error: errors.password, autocomplete: 'new-password', hint: 'At least 8 characters, with a letter and a digit.' })}
${field({ name: 'firstName', label: REGISTER_LABELS.firstName, value: values.firstName ?? '', error: errors.firstName, autocomplete: 'given-name' })}
${field({ name: 'lastName', label: REGISTER_LABELS.lastName, value: values.lastName ?? '', error: errors.lastName, autocomplete: 'family-name' })}
${field({ name: 'dateOfBirth', label: REGISTER_LABELS.dateOfBirth, type: 'date', value: values.dateOfBirth ?? '', error: errors.dateOfBirth, autocomplete: 'bday', hint: `You must be ${options.minimumAge} or older.` })}
${field({ name: 'phoneNumber', label: REGISTER_LABELS.phoneNumber, type: 'tel', value: values.phoneNumber ?? '', error: errors.phoneNumber, autocomplete: 'tel', required: false, hint: `With the country code, like ${options.phoneExample}.` })}
<label class="check" for="field-terms"><input id="field-terms" type="checkbox" name="terms" value="yes"${values.terms === 'yes' ? ' checked' : ''}${errors.terms ? ' aria-invalid="true" aria-describedby="field-terms-error"' : ''}> <span>I accept the terms and conditions and the privacy policy.</span></label>
${errors.terms ? `<span class="field-error" id="field-terms-error">${escapeHtml(errors.terms)}</span>` : ''}
<button type="submit">Create account</button>
</form>
<form method="post" action="${escapeHtml(options.action)}"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel and go back</button></form>
<p class="switch">Already have an account? <a href="${escapeHtml(options.action)}?view=login">Sign in</a></p>`,
  });
}

/** The sign-out page: oidc-provider's form, submitted automatically (a button without JavaScript). */
export function logoutPage(options: { brandName: string; theme: PageTheme; form: string }): string {
  return page({
    title: 'Signing out',
    brandName: options.brandName,
    theme: options.theme,
    body: `<p>Signing you out of ${escapeHtml(options.brandName)}…</p>
${options.form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<script>(function(){var f=document.getElementById('op.logoutForm');if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();</script>`,
  });
}

/** Shown after sign-out when the client gave no post_logout_redirect_uri. */
export function signedOutPage(options: { brandName: string; theme: PageTheme }): string {
  return page({ title: 'Signed out', brandName: options.brandName, theme: options.theme, body: `<p role="status">You are signed out of ${escapeHtml(options.brandName)}.</p>` });
}

/** An identity-provider error, with the OAuth error code and its description. */
export function errorPage(options: { brandName: string; theme: PageTheme; error: string; description?: string }): string {
  return page({
    title: 'Sign-in problem',
    brandName: options.brandName,
    theme: options.theme,
    body: `<div role="alert"><p><strong>${escapeHtml(options.error)}</strong></p>${options.description ? `<p>${escapeHtml(options.description)}</p>` : ''}</div>
<p>Go back to the site and start the sign-in again.</p>`,
  });
}
