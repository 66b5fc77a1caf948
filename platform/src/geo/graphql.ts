/** GraphQL for the requester's country (the lobby's CountryContextQuery). */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { playerById } from '../players/repository.ts';

/** Schema of the country query. */
export const geoTypeDefs = /* GraphQL */ `
  extend type Query {
    "Where the requester is, by client address (X-Forwarded-For) for the brand in x-brand; unknown and private addresses give the brand's default country."
    countryContext: CountryContext!
  }

  type CountryContext {
    countryCode: String!
    "The signed-in player's registered country when a valid bearer token is sent; else null."
    playerCountryCode: String
    havePlayerCountryCode: Boolean!
    ipCountryCode: String!
    "ISO 3166-2 subdivision suffix (ON) when known; only set for CA."
    subDivision: String
  }
`;

/** Resolvers of the country query. */
export const geoResolvers: Resolvers = {
  Query: {
    async countryContext(_: unknown, __: unknown, ctx: GraphQLContext) {
      const country = ctx.country();
      // The lobby sends CountryContextQuery without a token; a token, when present, adds the player's country.
      const auth = await ctx.authOptional().catch(() => null);
      const player = auth ? await playerById(ctx.services.db, auth.playerId) : null;
      return {
        countryCode: country.countryCode,
        playerCountryCode: player?.country_code ?? null,
        havePlayerCountryCode: player !== null,
        ipCountryCode: country.ipCountryCode,
        subDivision: country.countryCode === 'CA' ? country.subDivision : null,
      };
    },
  },
};
