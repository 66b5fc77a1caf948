/** GraphQL for translations by key. */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';

/** Schema of the translations query. */
export const i18nTypeDefs = /* GraphQL */ `
  extend type Query {
    "{ key: text } for each requested key present in the locale's file; missing keys are absent (no fallback)."
    translations(locale: String!, keys: [String!]!): JSON!
  }
`;

/** Resolvers of the translations query. */
export const i18nResolvers: Resolvers = {
  Query: {
    translations: (_: unknown, args: { locale: string; keys: string[] }, ctx: GraphQLContext) =>
      ctx.services.translations.pick(args.locale, args.keys),
  },
};
