/**
 * A query depth limit. Paged fields cap each level at 100 items, but nesting them (studios → games
 * → studio → games …) multiplies; real lobby queries are at most six levels deep.
 */
import { GraphQLError, Kind } from 'graphql';
import type { FragmentDefinitionNode, SelectionSetNode, ValidationRule } from 'graphql';

/** The deepest selection a query may make (introspection fields are exempt). */
export const MAX_QUERY_DEPTH = 10;

/** A validation rule rejecting operations nested deeper than maxDepth. */
export function depthLimit(maxDepth: number = MAX_QUERY_DEPTH): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const depthOf = (selectionSet: SelectionSetNode, seen: ReadonlySet<string>): number => {
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(selection.selectionSet, seen) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          // A fragment spreading itself is reported by graphql's own NoFragmentCycles rule.
          if (fragment && !seen.has(name)) deepest = Math.max(deepest, depthOf(fragment.selectionSet, new Set([...seen, name])));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`The query nests ${depth} levels deep; the limit is ${maxDepth}: split it into several queries`, {
              nodes: [operation],
            }),
          );
        }
      },
    };
  };
}
