/**
 * The texts of the operator realm's own pages (sign-in, second factor, sign-out; oidc/operator-realm.ts).
 * The console is English for now (issue 32); its texts live in tables like this one, not in the code
 * that renders them, so another language is one more table. `{name}` placeholders are filled by
 * `operatorRealmText`. Values the page shows as HTML are escaped by the renderer, never here.
 */

export const OPERATOR_REALM_EN = {
  brandName: 'Atrium operators',
  clientName: 'Atrium operator console',
  'signIn.title': 'Operator sign-in',
  'signIn.submit': 'Sign in',
  'field.email': 'Work e-mail',
  'field.password': 'Password',
  'field.code': 'Authenticator code',
  'field.codeHint': 'Six digits',
  'code.title': 'Second factor',
  'code.body': 'Type the code your authenticator app shows for Atrium operators.',
  'code.submit': 'Continue',
  'enrol.title': 'Set up your authenticator',
  'enrol.body': 'Your roles need a second factor. Add this account to an authenticator app (scan or type it), then type the code it shows. The secret is shown only now.',
  'enrol.secret': 'Secret:',
  'enrol.uri': 'Or open:',
  'signOut.title': 'Sign out',
  'signOut.question': 'Sign out of the operator console?',
  'signOut.submit': 'Sign out',
  'signedOut.title': 'Signed out',
  'signedOut.body': 'You are signed out of the operator console.',
  'problem.title': 'Sign-in problem',
  'problem.unknownAction': 'The form sent an action this page does not know.',
  'problem.again': 'Go back to the console and sign in again.',
  'expired.title': 'Sign-in expired',
  'expired.body': 'This sign-in has expired or was opened in another browser.',
  'mismatch.title': 'Sign-in mismatch',
  'mismatch.body': 'This page belongs to another sign-in.',
  'error.tooLong': 'At most {limit} characters',
  'error.controlCharacters': 'Remove the control characters',
  'error.tooManyAttempts': 'Too many attempts: try again in {seconds} seconds',
  'error.emailMissing': 'Type your work e-mail',
  'error.passwordMissing': 'Type your password',
  'error.credentials': 'The e-mail or the password is not right (or the account is disabled)',
  'error.passwordFirst': 'Sign in with your e-mail and password first',
  'error.tooManyCodes': 'Too many codes: try again in {seconds} seconds',
  'error.codeFormat': 'The code is six digits',
  'error.codeWrong': 'That code is not right or was already used: type the code your app shows now',
  'error.cancelled': 'The operator cancelled the sign-in',
} as const;

/** One text of the operator realm's pages. */
export type OperatorRealmTextKey = keyof typeof OPERATOR_REALM_EN;

/** The key's text with its `{name}` placeholders filled (plain text: escape it when writing HTML). */
export function operatorRealmText(key: OperatorRealmTextKey, values: Record<string, string | number> = {}): string {
  return OPERATOR_REALM_EN[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
