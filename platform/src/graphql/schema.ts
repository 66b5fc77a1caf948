/**
 * The platform's executable schema, assembled from the feature folders: each contributes its
 * `extend type Query` block and resolvers, so a new feature (ledger, rewards) adds one import here.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { brandResolvers, brandTypeDefs } from '../brands/graphql.ts';
import { catalogueResolvers, catalogueTypeDefs } from '../catalogue/graphql.ts';
import { contentResolvers, contentTypeDefs } from '../content/graphql.ts';
import { geoResolvers, geoTypeDefs } from '../geo/graphql.ts';
import { i18nResolvers, i18nTypeDefs } from '../i18n/graphql.ts';
import { JSONScalar } from './scalars.ts';

const baseTypeDefs = /* GraphQL */ `
  "Any JSON value."
  scalar JSON

  type Query {
    "Always true; lets a client check it reaches the API."
    ping: Boolean!
  }
`;

/** Builds the schema. */
export function createSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: [baseTypeDefs, geoTypeDefs, i18nTypeDefs, brandTypeDefs, contentTypeDefs, catalogueTypeDefs],
    resolvers: [
      { JSON: JSONScalar, Query: { ping: () => true } },
      geoResolvers,
      i18nResolvers,
      brandResolvers,
      contentResolvers,
      catalogueResolvers,
    ],
  });
}
