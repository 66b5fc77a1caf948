/**
 * What one GraphQL operation may ask for, checked before anything executes, so a single crafted
 * request cannot return megabytes or stall other players' queries:
 *
 * - size: at most MAX_QUERY_TOKENS tokens (graphql-js's own parser limit);
 * - nesting: at most MAX_QUERY_NESTING brackets open at once, counted on the text before parsing:
 *   graphql-js parses recursively and overflows the stack (the engine's raw "Maximum call stack
 *   size exceeded") about 2,000 levels deep, well within the token limit;
 * - depth: at most MAX_QUERY_DEPTH levels of selections (paged fields nest: studios → games → …);
 * - aliases: at most MAX_QUERY_ALIASES (graphql-armor's max-aliases rule), the usual way to repeat
 *   an expensive field many times in one request;
 * - cost: at most MAX_QUERY_COST (graphql-query-complexity), where every field costs 1 and a list
 *   or connection multiplies what is under it by how many items it may return (its `first`
 *   argument, else LIST_SIZE_HINT), so breadth and list sizes both count;
 * - introspection: refused unless the platform runs in sandbox mode (graphql-js's rule).
 *
 * A refusal carries a clear message, `reason: GraphQLValidationFailed` and a `limit` code naming
 * which limit it hit (QueryTooDeep, TooManyAliases, QueryTooCostly, QueryTooLarge, IntrospectionDisabled).
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { GraphQLError, Kind, NoSchemaIntrospectionCustomRule, getNamedType, getNullableType, isListType, isObjectType, parse, specifiedRules } from 'graphql';
import type { DocumentNode, FragmentDefinitionNode, GraphQLSchema, SelectionSetNode, Source, ValidationRule } from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import { withExtensions } from './errors.ts';
import type { ComplexityEstimator } from 'graphql-query-complexity';

/**
 * The most braces, parentheses and brackets a document may have open at once: a query at the depth
 * limit with input objects in its arguments needs a few dozen; the parser's recursion fails near 2,000.
 */
export const MAX_QUERY_NESTING = 64;
/** The deepest selection a query may make (introspection fields are exempt). */
export const MAX_QUERY_DEPTH = 10;
/** The most aliases one operation may use; the lobby's largest uses none. */
export const MAX_QUERY_ALIASES = 15;
/** The largest cost one operation may have; the lobby's largest costs under a fifth of it. */
export const MAX_QUERY_COST = 10_000;
/** The most lexical tokens a document may have; the lobby's largest has a few hundred. */
export const MAX_QUERY_TOKENS = 5_000;
/** How many items a list without a `first` argument counts for, unless LIST_SIZE_HINTS knows better. */
export const LIST_SIZE_HINT = 20;
/** Lists the platform keeps short by construction, as Type.field → the most items they hold. */
export const LIST_SIZE_HINTS: Readonly<Record<string, number>> = {
  'SportsEvent.markets': 5,
  'SportsMarket.outcomes': 3,
  'SportsBet.selections': 10,
};

/** The `limit` code a refusal carries. */
export type QueryLimit = 'QueryTooDeep' | 'TooManyAliases' | 'QueryTooCostly' | 'QueryTooLarge' | 'IntrospectionDisabled';

/** A validation error for a limit (graphql-http and the socket servers add reason and traceId). */
function limitError(limit: QueryLimit, message: string, nodes?: GraphQLError['nodes'], reason = 'GraphQLValidationFailed'): GraphQLError {
  return new GraphQLError(message, { ...(nodes ? { nodes } : {}), extensions: { reason, limit } });
}

/**
 * How deep a document's braces, parentheses and brackets nest, leaving out those in strings, block
 * strings and comments; it stops counting once past `stopAt`. One pass, no recursion.
 */
export function bracketNesting(source: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '#') {
      while (index + 1 < source.length && source[index + 1] !== '\n' && source[index + 1] !== '\r') index++;
    } else if (char === '"' && source.startsWith('"""', index)) {
      // A block string ends at the next """ that is not escaped as \""".
      index += 3;
      while (index < source.length && !(source.startsWith('"""', index) && source[index - 1] !== '\\')) index++;
      index += 2;
    } else if (char === '"') {
      index++;
      while (index < source.length && source[index] !== '"' && source[index] !== '\n') index += source[index] === '\\' ? 2 : 1;
    } else if (char === '{' || char === '(' || char === '[') {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAt) return deepest;
    } else if ((char === '}' || char === ')' || char === ']') && depth > 0) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Parses an operation's document within the nesting and size limits, on HTTP and both socket
 * protocols: the nesting is refused before graphql-js's recursive parser could overflow the stack,
 * the size by the parser's token count. What it throws is a GraphQLError with reason GraphQLParseFailed.
 */
export function parseOperation(source: string | Source): DocumentNode {
  if (bracketNesting(typeof source === 'string' ? source : source.body, MAX_QUERY_NESTING) > MAX_QUERY_NESTING) {
    throw limitError(
      'QueryTooDeep',
      `The query nests its braces, parentheses and brackets more than ${MAX_QUERY_NESTING} deep (selections may nest ${MAX_QUERY_DEPTH} levels): split it into several queries`,
      undefined,
      'GraphQLParseFailed',
    );
  }
  try {
    return parse(source, { maxTokens: MAX_QUERY_TOKENS });
  } catch (error) {
    throw error instanceof GraphQLError ? withExtensions(tooLargeError(error), { reason: 'GraphQLParseFailed' }) : error;
  }
}

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
          context.reportError(limitError('QueryTooDeep', `The query nests ${depth} levels deep; the limit is ${maxDepth}: split it into several queries`, [operation]));
        }
      },
    };
  };
}

/** The alias limit (graphql-armor), reported with the platform's message and limit code. */
function aliasLimit(maxAliases: number): ValidationRule {
  return (context) =>
    maxAliasesRule({
      n: maxAliases,
      propagateOnRejection: false,
      onReject: [
        (_, error) => context.reportError(limitError('TooManyAliases', `The query uses more than ${maxAliases} aliases (${/found (\d+)/.exec(error.message)?.[1] ?? 'more'}): ask for each field once and split repeated lookups into several requests`)),
      ],
    })(context);
}

/**
 * The object types a `first`-taking field returns as one page (listOfGames → GameList, searchGames →
 * SearchResult): the lists inside them are that page, already sized by the `first` above.
 */
function pageTypes(schema: GraphQLSchema): ReadonlySet<string> {
  const pages = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.args.some((arg) => arg.name === 'first') && !isListType(getNullableType(field.type))) pages.add(getNamedType(field.type).name);
    }
  }
  return pages;
}

/**
 * Every field costs 1; a field that returns many items costs what one item under it costs, times
 * how many it may return: its `first` (or `maxRecentlyPlayedGames`) argument where it has one, else
 * LIST_SIZE_HINT for a plain list. Lists inside a page (see pageTypes), connections and `edges`
 * without their own `first` are sized by the field above that took `first`, so they add nothing.
 */
export function listSizeEstimator(schema: GraphQLSchema): ComplexityEstimator {
  const pages = pageTypes(schema);
  return ({ type, field, args, childComplexity }) => {
    const sized = args.first ?? args.maxRecentlyPlayedGames;
    const sizedAbove = pages.has(type.name) || getNamedType(field.type).name.endsWith('Connection') || field.name === 'edges';
    let items = 1;
    if (sized !== undefined && sized !== null) items = Number(sized);
    else if (isListType(getNullableType(field.type)) && !sizedAbove) items = LIST_SIZE_HINTS[`${type.name}.${field.name}`] ?? LIST_SIZE_HINT;
    if (!Number.isFinite(items) || items < 1) items = 1;
    return 1 + items * Math.max(1, childComplexity);
  };
}

const estimators = new WeakMap<GraphQLSchema, ComplexityEstimator>();

/** The cost of an operation under listSizeEstimator (variables included; their defaults when absent). */
export function queryCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> = {}, operationName?: string): number {
  let estimator = estimators.get(schema);
  if (!estimator) estimators.set(schema, (estimator = listSizeEstimator(schema)));
  return getComplexity({ schema, query: document, variables, ...(operationName ? { operationName } : {}), estimators: [estimator] });
}

/** The refusal for an operation costing more than maxCost, or null when it is within the limit. */
export function costRefusal(cost: number, maxCost: number = MAX_QUERY_COST): GraphQLError | null {
  if (cost <= maxCost) return null;
  return limitError('QueryTooCostly', `The query would cost ${cost}; the limit is ${maxCost} (each field 1, lists multiplied by their size): ask for fewer items or fields, or split it`);
}

/**
 * The refusal of an operation that would cost too much with its variables, or null: the same check
 * over HTTP and over both socket protocols, after validation and before anything runs. Variables
 * that do not fit their types cost nothing here; executing reports them as it does for any request.
 */
export function operationCostRefusal(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | null | undefined, operationName?: string | null): GraphQLError | null {
  let cost = 0;
  try {
    cost = queryCost(schema, document, variables ?? {}, operationName ?? undefined);
  } catch {
    return null;
  }
  return costRefusal(cost);
}

/** The refusal for a document over the token limit, as the parser reports it. */
export function tooLargeError(error: GraphQLError): GraphQLError {
  return /contains more tha[nt] \d+ tokens/.test(error.message)
    ? limitError('QueryTooLarge', `The query document is longer than ${MAX_QUERY_TOKENS} tokens: send a smaller query`)
    : error;
}

/** The introspection refusal, with the platform's message and code. */
function introspectionDisabled(): ValidationRule {
  return (context) => {
    // The rule sees a view of the context whose reports carry the platform's message; other rules keep theirs.
    const view = Object.create(context) as typeof context;
    view.reportError = (error: GraphQLError) =>
      context.reportError(limitError('IntrospectionDisabled', 'Introspection is turned off outside sandbox mode: read the schema from platform/schema.graphql', error.nodes));
    return NoSchemaIntrospectionCustomRule(view);
  };
}

/** The validation rules every operation passes before it runs (the cost, which needs variables, is checked apart). */
export function queryLimitRules(options: { allowIntrospection: boolean }): ValidationRule[] {
  return [depthLimit(), aliasLimit(MAX_QUERY_ALIASES), ...(options.allowIntrospection ? [] : [introspectionDisabled()])];
}

/** graphql-js's own rules plus the limits: what a socket server validates each operation with. */
export function operationRules(options: { allowIntrospection: boolean }): ValidationRule[] {
  return [...specifiedRules, ...queryLimitRules(options)];
}
