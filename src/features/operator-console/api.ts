/**
 * The console's calls to the platform, through the lobby's same-origin proxy (which names the
 * page's brand in x-brand): GraphQL `operator*` operations with the operator's bearer token, and the
 * REST files and CSV exports under /platform/operator/, which the browser saves as downloads (a blob
 * typed application/octet-stream with the file's name: never shown inline).
 */
import type { TypedDocumentString } from '../../lib/graphql/generated/operator.ts';
import { consoleAccessToken } from './session.ts';

/** Reasons that mean the operator must sign in again. */
const SIGN_IN_AGAIN = new Set(['OperatorAuthenticationFailure', 'SecondFactorRequired']);

/** A refusal or failure of an operator operation, with the platform's reason and message. */
export class OperatorApiError extends Error {
  readonly reason: string;
  /** The error's other extensions (a conflict's latest version, an invalid document's issues). */
  readonly extensions: Record<string, unknown>;
  constructor(reason: string, message: string, extensions: Record<string, unknown> = {}) {
    super(message);
    this.name = 'OperatorApiError';
    this.reason = reason;
    this.extensions = extensions;
  }
  /** Whether the console should send the operator to sign in again. */
  get needsSignIn(): boolean {
    return SIGN_IN_AGAIN.has(this.reason);
  }
}

/** Fired on window when a call finds the operator signed out; the console starts the sign-in. */
export const SIGNED_OUT_EVENT = 'operator-console:signed-out';

async function bearer(): Promise<string> {
  const token = await consoleAccessToken();
  if (!token) {
    window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    throw new OperatorApiError('OperatorAuthenticationFailure', 'Your console session ended: sign in again');
  }
  return token;
}

/** Runs one operator GraphQL operation; throws OperatorApiError with the platform's reason. */
export async function operatorCall<T, V>(document: TypedDocumentString<T, V>, variables: V): Promise<T> {
  const token = await bearer();
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
  } catch {
    throw new OperatorApiError('Network', 'The platform could not be reached');
  }
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: { message: string; extensions?: { reason?: string } & Record<string, unknown> }[] } | null;
  const error = body?.errors?.[0];
  if (error || !body?.data) {
    const failure = new OperatorApiError(error?.extensions?.reason ?? `HTTP${response.status}`, error?.message ?? `The platform answered ${response.status}`, error?.extensions ?? {});
    if (failure.needsSignIn) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    throw failure;
  }
  return body.data;
}

/** The query string of a filter, leaving out empty fields. */
export function filterQuery(filter: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Fetches a REST file of the console (a document, a CSV export) and saves it under `fileName`. */
export async function downloadConsoleFile(path: string, fileName: string): Promise<void> {
  const token = await bearer();
  let response: Response;
  try {
    response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new OperatorApiError('Network', 'The platform could not be reached');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { reason?: string; message?: string } } | null;
    const failure = new OperatorApiError(body?.error?.reason ?? `HTTP${response.status}`, body?.error?.message ?? `The platform answered ${response.status}`);
    if (failure.needsSignIn) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    throw failure;
  }
  // Whatever the file holds, the browser saves it rather than rendering it.
  const blob = new Blob([await response.arrayBuffer()], { type: 'application/octet-stream' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
