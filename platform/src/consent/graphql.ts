/**
 * The record of cookie-consent decisions (issue 18): the lobby sends `recordConsent` each time a
 * visitor answers the consent prompt or changes their settings; the platform keeps every decision
 * (consent_records, migration 015) with its time, categories, policy version, the anonymous visitor
 * id, the signed-in player if any and the resolved country. An operator reads a visitor's or a
 * player's decisions with `sandboxConsentRecords` (sandbox mode and the operator key, like every
 * other operator power of the embedded platform). Text arguments are checked at the schema's one
 * boundary (graphql/input-rules.ts: visitorId and policyVersion have formats there).
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Queryable } from '../db/db.ts';

import { CONSENT_CATEGORIES, type ConsentCategory } from '../../../shared/consent-categories.ts';

/** Schema of the consent record. */
export const consentTypeDefs = /* GraphQL */ `
  "A cookie-consent category (spec section 4)."
  enum ConsentCategory {
    ${CONSENT_CATEGORIES.join('\n    ')}
  }

  "One consent decision as the platform recorded it."
  type ConsentRecord {
    id: ID!
    "The anonymous visitor id the lobby keeps in its necessary visitorId cookie."
    visitorId: ID!
    "The signed-in player who answered, or null for an anonymous visitor."
    playerId: ID
    "The categories granted, in the spec's order; necessary is always among them."
    categories: [ConsentCategory!]!
    "The version of the cookie policy the visitor answered."
    policyVersion: String!
    "The country the platform resolved for the request (two letters), or null."
    countryCode: String
    "When the decision was recorded (ISO 8601)."
    recordedAt: String!
  }

  extend type Mutation {
    "Records a visitor's consent decision (x-brand). visitorId: a UUID the lobby keeps in a cookie; policyVersion: the cookie policy's version (letters, digits, dot, dash, underscore; at most 40); categories: those granted (necessary is added). A bearer token, when sent, adds the player."
    recordConsent(visitorId: ID!, categories: [ConsentCategory!]!, policyVersion: String!): ConsentRecord!
  }

  extend type Query {
    "Sandbox (the operator's back office, operator key): the consent decisions of a visitor or of a player (x-brand), newest first. Give visitorId or playerId."
    sandboxConsentRecords(visitorId: ID, playerId: ID, limit: Int = 50): [ConsentRecord!]!
  }
`;

/** A consent_records row as read. */
export interface ConsentRecordRow {
  id: string;
  visitor_id: string;
  player_id: string | null;
  categories: string[] | string;
  policy_version: string;
  country_code: string | null;
  recorded_at: Date | string;
}

/** PGlite and node-postgres both return text[] as an array; a driver that does not gets the literal parsed. */
function categoriesOf(value: string[] | string): ConsentCategory[] {
  const list = Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
  return CONSENT_CATEGORIES.filter((category) => list.includes(category));
}

/** A row as the API shows it. */
export function toConsentRecord(row: ConsentRecordRow) {
  return {
    id: String(row.id),
    visitorId: row.visitor_id,
    playerId: row.player_id,
    categories: categoriesOf(row.categories),
    policyVersion: row.policy_version,
    countryCode: row.country_code,
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

/** The columns toConsentRecord reads. */
export const CONSENT_COLUMNS = 'id, visitor_id, player_id, categories, policy_version, country_code, recorded_at';

/** Stores one decision; necessary is always granted, duplicates collapse. */
export async function insertConsentRecord(
  db: Queryable,
  record: { brand: string; visitorId: string; playerId: string | null; categories: readonly ConsentCategory[]; policyVersion: string; countryCode: string | null },
) {
  const categories = CONSENT_CATEGORIES.filter((category) => category === 'necessary' || record.categories.includes(category));
  const { rows } = await db.query<ConsentRecordRow>(
    `insert into consent_records (brand, visitor_id, player_id, categories, policy_version, country_code)
     values ($1, $2, $3, $4, $5, $6) returning ${CONSENT_COLUMNS}`,
    [record.brand, record.visitorId, record.playerId, categories, record.policyVersion, record.countryCode],
  );
  return toConsentRecord(rows[0]!);
}

/** The consent resolvers. */
export const consentResolvers: Resolvers = {
  Mutation: {
    async recordConsent(_: unknown, args: { visitorId: string; categories: ConsentCategory[]; policyVersion: string }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      // A stale or foreign token must not lose the decision: it is then recorded for the visitor alone.
      const auth = await ctx.authOptional().catch(() => null);
      const country = ctx.country().countryCode;
      return insertConsentRecord(ctx.services.db, {
        brand: brand.id,
        visitorId: args.visitorId.toLowerCase(),
        playerId: auth && auth.brand === brand.id ? auth.playerId : null,
        categories: args.categories,
        policyVersion: args.policyVersion,
        countryCode: /^[A-Z]{2}$/.test(country) ? country : null,
      });
    },
  },
  Query: {
    async sandboxConsentRecords(_: unknown, args: { visitorId?: string | null; playerId?: string | null; limit?: number | null }, ctx: GraphQLContext) {
      ctx.services.sandbox.require(ctx.req, 'sandboxConsentRecords');
      const brand = ctx.brand();
      if (!args.visitorId && !args.playerId) {
        throw new PlatformError('BadUserInput', 'sandboxConsentRecords: give visitorId (the lobby\'s visitorId cookie) or playerId', { field: 'visitorId' });
      }
      const limit = args.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
        throw new PlatformError('BadUserInput', `sandboxConsentRecords: argument "limit" must be between 1 and 500, not ${limit}`, { field: 'limit' });
      }
      const { rows } = await ctx.services.db.query<ConsentRecordRow>(
        `select ${CONSENT_COLUMNS} from consent_records
         where brand = $1 and ($2::text is null or visitor_id = $2) and ($3::text is null or player_id = $3)
         order by recorded_at desc, id desc limit $4`,
        [brand.id, args.visitorId?.toLowerCase() ?? null, args.playerId ?? null, limit],
      );
      return rows.map(toConsentRecord);
    },
  },
};
