/**
 * GraphQL over HTTP (graphql-http): POST with a JSON body, GET for queries. Wraps parsing and
 * validation so their errors carry a reason too, caps the request body, and formats every error
 * through formatPlatformError.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { execute, GraphQLError, validate } from 'graphql';
import { createHandler } from 'graphql-http';
import { createContext } from './context.ts';
import type { GraphQLContext, PlatformServices } from './context.ts';
import { formatPlatformError, withExtensions } from './errors.ts';
import { operationCostRefusal, parseOperation, queryLimitRules } from './limits.ts';
import { createSchema } from './schema.ts';
import { BodyTooLargeError, readBodyText } from '../web/body.ts';
import { MAX_REQUEST_BODY_BYTES as MAX_BODY_BYTES } from '../../../shared/http-limits.ts';

/** Reads a request body as text, refusing more than MAX_BODY_BYTES (real queries are a few kilobytes). */
const readBody = (req: IncomingMessage) => readBodyText(req, MAX_BODY_BYTES);

/** Whether a GraphQL response body carries an AuthenticationFailure error. */
function authenticationFailed(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: { extensions?: { reason?: string } }[] };
    return parsed.errors?.some((error) => error.extensions?.reason === 'AuthenticationFailure') ?? false;
  } catch {
    return false;
  }
}

/** The longest wait a RateLimited error asks for, in seconds, or null when the body has none. */
export function rateLimitedRetryAfter(body: string): number | null {
  try {
    const parsed = JSON.parse(body) as { errors?: { extensions?: { reason?: string; retryAfterSeconds?: number } }[] };
    const waits = (parsed.errors ?? []).filter((error) => error.extensions?.reason === 'RateLimited').map((error) => Number(error.extensions?.retryAfterSeconds ?? 1));
    return waits.length > 0 ? Math.max(1, ...waits) : null;
  } catch {
    return null;
  }
}

/** Creates the request handler for /graphql and /api/graphql. */
export function createGraphQLHandler(
  services: PlatformServices,
  schema: GraphQLSchema = createSchema(),
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const handle = createHandler<IncomingMessage, undefined, GraphQLContext>({
    schema,
    context: (req) => createContext(services, req.raw),
    parse: (source) => parseOperation(source),
    validate: (schema, document, rules) =>
      validate(schema, document, rules).map((error) => withExtensions(error, { reason: 'GraphQLValidationFailed' })),
    validationRules: queryLimitRules({ allowIntrospection: services.authSettings.enableSandboxAdmin }),
    // The cost needs the variables (a list's `first`), so it is checked here, after validation and
    // before anything runs: an operation over the limit never touches the database.
    execute: (args) => {
      const refusal = operationCostRefusal(args.schema, args.document, args.variableValues, args.operationName);
      return refusal ? { errors: [refusal] } : execute(args);
    },
    formatError: formatPlatformError,
  });

  return async (req, res) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    try {
      if (declared > MAX_BODY_BYTES) throw new BodyTooLargeError(MAX_BODY_BYTES);
      const [body, init] = await handle({
        url: req.url ?? '/',
        method: req.method ?? 'GET',
        headers: req.headers,
        body: () => readBody(req),
        raw: req,
        context: undefined,
      });
      // A missing, expired or invalid token is HTTP 401 too (spec section 8: AuthenticationFailure or 401 refreshes).
      if (init.status === 200 && typeof body === 'string' && body.includes('"AuthenticationFailure"') && authenticationFailed(body)) {
        res.writeHead(401, { ...init.headers, 'www-authenticate': 'Bearer error="invalid_token"' }).end(body);
        return;
      }
      // An operation refused for its cost (known once the variables are, still before anything runs) is a
      // request error like the other limits: 400 for clients of GraphQL over HTTP's own media type.
      if (init.status === 200 && typeof body === 'string' && body.startsWith('{"errors"') && body.includes('"QueryTooCostly"') && String(req.headers.accept ?? '').includes('application/graphql-response+json')) {
        res.writeHead(400, init.headers).end(body);
        return;
      }
      // A rate-limited attempt is HTTP 429 with the wait in Retry-After, so clients and proxies can back off.
      const retryAfter = typeof body === 'string' && body.includes('"RateLimited"') ? rateLimitedRetryAfter(body) : null;
      if (retryAfter !== null) {
        res.writeHead(429, { ...init.headers, 'retry-after': String(retryAfter) }).end(body);
        return;
      }
      res.writeHead(init.status, init.statusText, init.headers).end(body);
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      const formatted = formatPlatformError(
        tooLarge ? new Error(`Request body is larger than ${MAX_BODY_BYTES} bytes`) : (error as Error),
      );
      if (!tooLarge) console.error('[platform] GraphQL handler failed:', error);
      const payload = tooLarge
        ? formatted
        : new GraphQLError('Internal error', { extensions: { reason: 'InternalError', traceId: formatted.extensions.traceId } });
      if (!res.headersSent) {
        res.writeHead(tooLarge ? 413 : 500, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      }
      res.end(JSON.stringify({ errors: [payload.toJSON()] }));
    }
  };
}
