/** GraphQL for a brand's lobby settings. */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { flowFor } from './brands.ts';

/** Schema of the lobby settings query. */
export const brandTypeDefs = /* GraphQL */ `
  extend type Query {
    "Settings of the brand in x-brand; flow is the login/registration flow for the requester's country."
    lobbySettings: LobbySettings!
  }

  type LobbySettings {
    brand: String!
    title: String!
    operator: String!
    license: String!
    currency: String!
    defaultCountry: String!
    enabledFeatures: [String!]!
    "The country the flow was chosen for (the requester's country context)."
    countryCode: String!
    flow: Flow!
    locales: [LocaleSetting!]!
    "The payment providers the cashier and the pay-and-play logins may offer: empty when none is configured (a production platform ships none), so the lobby says deposits are unavailable instead of showing a dead button."
    paymentProviders: [PaymentProvider!]!
    "Origin of the demo game server and the sandbox sportsbook (PLATFORM_GAME_ORIGIN): allow it in frame-src and accept postMessage events only from it."
    gameServerOrigin: String!
  }

  type Flow {
    "sms, keycloak, zimpler, trustly or piq"
    registration: String!
    login: String!
  }

  type LocaleSetting {
    locale: String!
    label: String!
    isDefault: Boolean!
  }
`;

/** Resolvers of the lobby settings query. */
export const brandResolvers: Resolvers = {
  Query: {
    lobbySettings(_: unknown, __: unknown, ctx: GraphQLContext) {
      const brand = ctx.brand();
      const { countryCode } = ctx.country();
      return {
        brand: brand.id,
        title: brand.title,
        operator: brand.operator,
        license: brand.license,
        currency: brand.currency,
        defaultCountry: brand.defaultCountry,
        enabledFeatures: brand.features,
        countryCode,
        flow: flowFor(brand, countryCode),
        locales: brand.locales,
        paymentProviders: ctx.services.paymentProviders.map((provider) => provider.toUpperCase() as Uppercase<typeof provider>),
        gameServerOrigin: ctx.services.gameOrigin(),
      };
    },
  },
};
