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

const OPERATION = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

/** The name of a document's operation (the generated text starts with it; fragments follow). */
export function operationNameOf<R, V>(document: TypedDocumentString<R, V>): string {
  const name = OPERATION.exec(documentText(document))?.[1];
  if (!name) throw new Error(`A lobby GraphQL document must start with a named operation: ${documentText(document).slice(0, 60)}`);
  return name;
}
