/** GraphQL for the requester's country (the lobby's CountryContextQuery). */
import type { GraphQLContext } from '../graphql/context.ts';

/** Schema of the country query. */
export const geoTypeDefs = /* GraphQL */ `
  extend type Query {
    "Where the requester is, by client address (X-Forwarded-For) for the brand in x-brand; unknown and private addresses give the brand's default country."
    countryContext: CountryContext!
  }

  type CountryContext {
    countryCode: String!
    "The logged-in player's registered country; null until players exist."
    playerCountryCode: String
    havePlayerCountryCode: Boolean!
    ipCountryCode: String!
    "ISO 3166-2 subdivision suffix (ON) when known; only set for CA."
    subDivision: String
  }
`;

/** Resolvers of the country query. */
export const geoResolvers = {
  Query: {
    countryContext(_: unknown, __: unknown, ctx: GraphQLContext) {
      const country = ctx.country();
      return {
        countryCode: country.countryCode,
        playerCountryCode: null,
        havePlayerCountryCode: false,
        ipCountryCode: country.ipCountryCode,
        subDivision: country.countryCode === 'CA' ? country.subDivision : null,
      };
    },
  },
};
