/**
 * Server-side GraphQL calls from page renders to the platform. Errors follow the spec's error
 * catalogue (section 8): network failures are prefixed [Network], GraphQL errors [GraphQL], and
 * the kind comes from the first extensions.reason, keeping the extensions and traceId.
 */
import { platformGraphqlUrl } from '../config.server.ts';
import { GraphqlCallError, graphqlErrorKind, type GraphqlErrorShape } from './graphql-errors.ts';
import { documentText, operationNameOf, type TypedDocumentString } from './graphql/documents.ts';

/** Who a server-side call is made for. */
export interface PlatformCallContext {
  brand: string;
  locale: string;
  /** The visitor's address, forwarded so the platform can tell their country. */
  clientIp?: string;
  /** Test-only country override, passed through; the platform honours it only in sandbox mode with the key. */
  debugCountry?: string;
  debugSubdivision?: string;
  /** The sandbox operator key the visitor sent (x-sandbox-key), passed through for the platform to check. */
  sandboxKey?: string;
  /** The signed-in player's access token, for a call made on their behalf (sent as Authorization: Bearer). */
  accessToken?: string;
  /** An editor's preview token (the console's operatorPreviewToken), sent as atrium-preview: the platform answers with their draft. */
  previewToken?: string;
}

/** A failed platform call from a server render, with the spec's error kind and the platform's trace id. */
export class PlatformError extends GraphqlCallError {
  constructor(message: string, kind: string, extensions: Record<string, unknown> = {}) {
    super(message, kind, extensions);
    this.name = 'PlatformError';
  }
}

const TIMEOUT_MS = 5000;

/** Runs one generated GraphQL document against the platform and returns its data or throws PlatformError. */
export async function platformQuery<T, V>(
  document: TypedDocumentString<T, V>,
  variables: V,
  ctx: PlatformCallContext,
): Promise<T> {
  const operationName = operationNameOf(document);
  const query = documentText(document);
  const url = platformGraphqlUrl();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    'x-brand': ctx.brand,
    'x-locale': ctx.locale,
  };
  if (ctx.clientIp) headers['x-forwarded-for'] = ctx.clientIp;
  if (ctx.debugCountry) headers['x-debug-country'] = ctx.debugCountry;
  if (ctx.debugSubdivision) headers['x-debug-subdivision'] = ctx.debugSubdivision;
  if (ctx.sandboxKey) headers['x-sandbox-key'] = ctx.sandboxKey;
  if (ctx.accessToken) headers.authorization = `Bearer ${ctx.accessToken}`;
  if (ctx.previewToken) headers['atrium-preview'] = ctx.previewToken;

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, operationName, variables }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PlatformError(`[Network] Could not fetch: ${url}. Message: ${(error as Error).message}`, 'NetworkError');
  }
  let body: { data?: T; errors?: GraphqlErrorShape[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new PlatformError(`[Network] ${url} answered ${response.status} ${response.statusText} without JSON`, 'NetworkError');
  }
  const first = body.errors?.[0];
  if (first) {
    throw new PlatformError(`[GraphQL] ${operationName}: ${first.message}`, graphqlErrorKind(first), first.extensions ?? {});
  }
  if (!response.ok || body.data === undefined) {
    throw new PlatformError(`[Network] ${url} answered ${response.status} ${response.statusText}`, 'NetworkError');
  }
  return body.data;
}
