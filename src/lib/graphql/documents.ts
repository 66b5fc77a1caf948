/**
 * The lobby's GraphQL documents are generated (`npm run codegen`, codegen.ts) from the `.graphql`
 * files beside the features: each is a TypedDocumentString carrying its result and variables
 * types, so no caller names a result type by hand. This module reads them.
 */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';

/**
 * A generated document (the TypedDocumentString of generated/graphql.ts or generated/player.ts):
 * its text, typed with its result and variables. Structural, as each generated module has its own class.
 */
export type TypedDocumentString<R, V> = DocumentTypeDecoration<R, V> & { toString(): string };

/** The text a document is sent as. */
export function documentText<R, V>(document: TypedDocumentString<R, V>): string {
  return document.toString();
}

const OPERATION = /^\s*(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

/** A GraphQL operation's type. */
export type OperationKind = 'query' | 'mutation' | 'subscription';

function operationOf<R, V>(document: TypedDocumentString<R, V>): { kind: OperationKind; name: string } {
  const match = OPERATION.exec(documentText(document));
  if (!match) throw new Error(`A lobby GraphQL document must start with a named operation: ${documentText(document).slice(0, 60)}`);
  return { kind: match[1] as OperationKind, name: match[2]! };
}

/** The name of a document's operation (the generated text starts with it; fragments follow). */
export function operationNameOf<R, V>(document: TypedDocumentString<R, V>): string {
  return operationOf(document).name;
}

/** Whether a document is a query, a mutation or a subscription. */
export function operationKindOf<R, V>(document: TypedDocumentString<R, V>): OperationKind {
  return operationOf(document).kind;
}
