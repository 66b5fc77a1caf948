/**
 * The platform's executable schema, assembled from the feature folders: each contributes its
 * `extend type Query` block and resolvers, so a new feature (ledger, rewards) adds one import here.
 * auth/ defines the root Mutation type and realtime/ the root Subscription type; others extend them.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { brandResolvers, brandTypeDefs } from '../brands/graphql.ts';
import { cashierResolvers, cashierTypeDefs } from '../cashier/graphql.ts';
import { catalogueResolvers, catalogueTypeDefs } from '../catalogue/graphql.ts';
import { consentResolvers, consentTypeDefs } from '../consent/graphql.ts';
import { contentResolvers, contentTypeDefs } from '../content/graphql.ts';
import { gameResolvers, gameTypeDefs } from '../games/graphql.ts';
import { geoResolvers, geoTypeDefs } from '../geo/graphql.ts';
import { i18nResolvers, i18nTypeDefs } from '../i18n/graphql.ts';
import { authResolvers, authTypeDefs } from '../auth/graphql.ts';
import { playerResolvers, playerTypeDefs } from '../players/graphql.ts';
import { limitResolvers, limitTypeDefs } from '../players/protection-graphql.ts';
import { sourceOfWealthResolvers, sourceOfWealthTypeDefs } from '../players/source-of-wealth-graphql.ts';
import { historyResolvers, historyTypeDefs } from '../players/history-graphql.ts';
import { accountResolvers, accountTypeDefs } from '../players/account-graphql.ts';
import { realtimeResolvers, realtimeTypeDefs } from '../realtime/graphql.ts';
import { sandboxResolvers, sandboxTypeDefs } from '../sandbox/graphql.ts';
import { sportsbookResolvers, sportsbookTypeDefs } from '../sportsbook/graphql.ts';
import { jackpotResolvers, jackpotTypeDefs } from '../jackpot/graphql.ts';
import { rewardResolvers, rewardTypeDefs } from '../rewards/graphql.ts';
import { gamificationResolvers, gamificationTypeDefs } from '../gamification/graphql.ts';
import { promotionResolvers, promotionTypeDefs } from '../promotions/graphql.ts';
import { shopResolvers, shopTypeDefs } from '../shop/graphql.ts';
import { calendarResolvers, calendarTypeDefs } from '../calendar/graphql.ts';
import { cashbackResolvers, cashbackTypeDefs } from '../cashback/graphql.ts';
import { operatorResolvers, operatorTypeDefs } from '../operators/graphql.ts';
import { withInputRules } from './input-rules.ts';
import { JSONScalar } from './scalars.ts';

const baseTypeDefs = /* GraphQL */ `
  "Any JSON value."
  scalar JSON

  type Query {
    "Always true; lets a client check it reaches the API."
    ping: Boolean!
  }
`;

/** Builds the schema, with every text argument checked at the boundary (input-rules.ts). */
export function createSchema(): GraphQLSchema {
  return withInputRules(makeExecutableSchema({
    typeDefs: [
      baseTypeDefs,
      geoTypeDefs,
      i18nTypeDefs,
      brandTypeDefs,
      contentTypeDefs,
      catalogueTypeDefs,
      playerTypeDefs,
      authTypeDefs,
      realtimeTypeDefs,
      sandboxTypeDefs,
      gameTypeDefs,
      sportsbookTypeDefs,
      cashierTypeDefs,
      limitTypeDefs,
      sourceOfWealthTypeDefs,
      historyTypeDefs,
      accountTypeDefs,
      consentTypeDefs,
      jackpotTypeDefs,
      rewardTypeDefs,
      gamificationTypeDefs,
      promotionTypeDefs,
      shopTypeDefs,
      calendarTypeDefs,
      cashbackTypeDefs,
      operatorTypeDefs,
    ],
    resolvers: [
      { JSON: JSONScalar, Query: { ping: () => true } },
      geoResolvers,
      i18nResolvers,
      brandResolvers,
      contentResolvers,
      catalogueResolvers,
      playerResolvers,
      authResolvers,
      realtimeResolvers,
      sandboxResolvers,
      gameResolvers,
      sportsbookResolvers,
      cashierResolvers,
      limitResolvers,
      sourceOfWealthResolvers,
      historyResolvers,
      accountResolvers,
      consentResolvers,
      jackpotResolvers,
      rewardResolvers,
      gamificationResolvers,
      promotionResolvers,
      shopResolvers,
      calendarResolvers,
      cashbackResolvers,
      operatorResolvers,
    ],
  }));
}
