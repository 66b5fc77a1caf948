/**
 * A generated document for the player's Apollo client: Apollo takes a parsed DocumentNode, so the
 * generated text is parsed once (gql caches it) and keeps its result and variables types. Only the
 * Apollo module (session/apollo.ts, downloaded with an account feature's first call) imports this,
 * so no page loads Apollo or graphql-js's parser for it before then.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import { documentText, type TypedDocumentString } from './documents.ts';

/** The Apollo document of a generated document, with the same result and variables types. */
export function apolloDocument<R, V>(document: TypedDocumentString<R, V>): TypedDocumentNode<R, V> {
  return gql(documentText(document)) as TypedDocumentNode<R, V>;
}
