/**
 * GraphQL of the player's own account details: updatePersonalInfo (/additional-information/),
 * setMarketingPreferences (the dashboard's four channels) and `Player.verifiedPersonalInfo`, the
 * fields the lobby shows read-only. The rules live in personal-info.ts; a change is announced with
 * PlayerUpdated, so every open page of the player (the header's name) reads the player again.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import {
  checkPersonalInfo, minimumAgeOf, personalInfoRefusal, storeMarketingChoice, storePersonalInfo, verifiedFields,
  type MarketingChoice, type PersonalInfoField, type PersonalInfoInput,
} from './personal-info.ts';
import { playerById, type PlayerRow } from './repository.ts';

/** Schema of the account details. */
export const accountTypeDefs = /* GraphQL */ `
  "The player's personal info as they change it. A field left out keeps its value; null clears it. Text: at most 100 characters, no control characters."
  input PersonalInfoInput {
    "Required; letters with the spaces, hyphens and apostrophes names have. Read-only once identity verification is Done."
    firstName: String
    "Required; as firstName."
    lastName: String
    "Required."
    street: String
    "Required."
    city: String
    "Required; shaped like a postcode of the player's country, such as 00100 (FI) or K1A 0B1 (CA)."
    zipCode: String
    "The province's two-letter code (such as ON) where addresses have one (CA); ignored and cleared elsewhere."
    state: String
    "Required; YYYY-MM-DD, and the player at least the brand's minimum age. Read-only once identity verification is Done."
    dateOfBirth: String
  }

  "The marketing channels the player accepts; a channel left out keeps its value."
  input MarketingPreferencesInput {
    email: Boolean
    sms: Boolean
    phone: Boolean
    webPush: Boolean
  }

  extend type Player {
    "The personalInfo fields verified with the player's ID (firstName, lastName, dateOfBirth once KYC is Done): the player cannot change them."
    verifiedPersonalInfo: [String!]!
  }

  extend type Mutation {
    "Changes the player's personal info. Every broken rule comes back at once: BadUserInput with extensions.fieldErrors [{ field: input.<name>, code, message }] (codes required, tooLong, controlCharacters, name, zipCode, state, dateOfBirth, tooYoung, verified); nothing is stored then."
    updatePersonalInfo(input: PersonalInfoInput!): Player!
    "Sets the marketing channels the player accepts; MarketingBlocked when marketingPreferences.marketingBlocked."
    setMarketingPreferences(input: MarketingPreferencesInput!): Player!
  }
`;

/** The signed-in player's row; AuthenticationFailure when they are gone. */
async function signedInRow(ctx: GraphQLContext): Promise<PlayerRow> {
  const auth = await ctx.auth();
  const row = await playerById(ctx.services.db, auth.playerId);
  if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
  return row;
}

/** The player again after a change, announced to the player's open pages. */
async function changed(ctx: GraphQLContext, playerId: string): Promise<PlayerRow> {
  ctx.services.events.publish(playerId, 'playerUpdated', { isAccountClosed: false });
  const row = await playerById(ctx.services.db, playerId);
  if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
  return row;
}

/** Resolvers of the account details. */
export const accountResolvers: Resolvers = {
  Player: {
    verifiedPersonalInfo: (row: PlayerRow) => verifiedFields(row),
  },
  Mutation: {
    async updatePersonalInfo(_: unknown, args: { input: PersonalInfoInput }, ctx: GraphQLContext) {
      const { id } = await signedInRow(ctx);
      // Checked and stored under the player's lock, so a verification finishing meanwhile is respected.
      await ctx.services.db.transaction(async (tx) => {
        await tx.query('select id from players where id = $1 for update', [id]);
        const row = await playerById(tx, id);
        if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
        const brand = ctx.services.brands.get(row.brand);
        if (!brand) throw new PlatformError('UnknownBrand', `The player's brand "${row.brand}" is not served any more`);
        const stored: Record<PersonalInfoField, string | null> = {
          firstName: row.first_name, lastName: row.last_name, street: row.street, city: row.city, zipCode: row.zip_code, state: row.state, dateOfBirth: row.date_of_birth,
        };
        const verified = Object.fromEntries(verifiedFields(row).flatMap((field) => (stored[field] ? [[field, stored[field]]] : [])));
        const checked = checkPersonalInfo(args.input, stored, { country: row.country_code, minimumAge: minimumAgeOf(brand), verified, today: ctx.services.clock() });
        if (!checked.ok) throw personalInfoRefusal(checked.errors);
        await storePersonalInfo(tx, row.id, checked.info);
      });
      return changed(ctx, id);
    },
    async setMarketingPreferences(_: unknown, args: { input: MarketingChoice }, ctx: GraphQLContext) {
      const row = await signedInRow(ctx);
      await ctx.services.db.transaction((tx) => storeMarketingChoice(tx, row.id, args.input));
      return changed(ctx, row.id);
    },
  },
};
