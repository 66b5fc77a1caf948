/** The JSON scalar: any JSON value, passed through as is (layout props, translation maps). */
import { GraphQLScalarType, valueFromASTUntyped } from 'graphql';

/** Resolver map entry for `scalar JSON`. */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
