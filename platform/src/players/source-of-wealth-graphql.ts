/**
 * GraphQL of the source-of-wealth declaration (source-of-wealth.ts): `viewer.sourceOfWealth` (the six
 * funding types with their options, uploaded files and whether each is declared, in the request's
 * locale) and `submitSourceOfWealth`. The operator's side (asking for it, reviewing documents) is a
 * sandbox power in sandbox/graphql.ts.
 */
import { SOW_OPTIONS, sowMessageKey } from '../../../shared/source-of-wealth.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { playerById } from './repository.ts';
import { declarationOf, sowTexts, submitSourceOfWealth, type Declaration } from './source-of-wealth.ts';

/** Schema of the source-of-wealth declaration. */
export const sourceOfWealthTypeDefs = /* GraphQL */ `
  "The funding types of a source-of-wealth declaration (spec section 3)."
  enum FundingType {
    Salary
    Dividends
    Other
    Inheritance
    SaleOfCompany
    SaleOfProperty
  }

  "One thing a funding type can be (Salary: employment, self-employment, pension, bonus)."
  type SourceOfWealthOption {
    "Stable id, unique across funding types (shared/source-of-wealth.ts)."
    id: ID!
    "In the request's locale (x-locale)."
    title: String!
    "What to upload to prove it, in the request's locale."
    tooltip: String!
    "Ticked in the submitted declaration."
    checked: Boolean!
  }

  "A document uploaded for a funding type (POST /platform/documents?kind=SourceOfWealth&fundingType=...)."
  type SourceOfWealthFile {
    documentId: ID!
    fileName: String!
    "Pending or Approved (rejected ones are left out: upload another)."
    status: String!
  }

  "One funding type of the player's declaration."
  type SourceOfWealthEntry {
    type: FundingType!
    title: String!
    tooltip: String!
    options: [SourceOfWealthOption!]!
    "Uploaded for this type and not rejected, newest first."
    files: [SourceOfWealthFile!]!
    "Declared (options ticked and documents given) in the submitted declaration."
    completed: Boolean!
    submittedAt: String
  }

  "One funding type to declare: the options ticked and the documents (ids from the upload) proving it."
  input SourceOfWealthDeclaration {
    type: FundingType!
    optionIds: [ID!]!
    documentIds: [ID!]!
  }

  extend type Viewer {
    "The six funding types, in the form's order, with what the player declared and uploaded."
    sourceOfWealth: [SourceOfWealthEntry!]!
  }

  extend type Mutation {
    "Submits the declaration (replacing an earlier one): each type needs at least one option and one document of that type; every type the operator asked documents for must be among them. Moves sourceOfWealthStatus to Pending, clears the requests and publishes PlayerUpdated. SourceOfWealthNotRequested when nothing was asked or it is already Done."
    submitSourceOfWealth(declarations: [SourceOfWealthDeclaration!]!): Player!
  }
`;

/** Resolvers of the source-of-wealth declaration. */
export const sourceOfWealthResolvers: Resolvers = {
  Viewer: {
    async sourceOfWealth(_: unknown, __: unknown, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const [declaration, text] = await Promise.all([declarationOf(ctx.services.db, auth.playerId), sowTexts(ctx.services, ctx.locale())]);
      return declaration.map((entry) => ({
        type: entry.type,
        title: text(sowMessageKey(entry.type)),
        tooltip: text(sowMessageKey(entry.type, undefined, 'tooltip')),
        options: SOW_OPTIONS[entry.type].map((option) => ({
          id: option,
          title: text(sowMessageKey(entry.type, option)),
          tooltip: text(sowMessageKey(entry.type, option, 'tooltip')),
          checked: entry.checked.has(option),
        })),
        files: entry.files,
        completed: entry.completed,
        submittedAt: entry.submittedAt,
      }));
    },
  },
  Mutation: {
    async submitSourceOfWealth(_: unknown, args: { declarations: readonly Declaration[] }, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      await submitSourceOfWealth(ctx.services, auth.playerId, args.declarations);
      const row = await playerById(ctx.services.db, auth.playerId);
      if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
      return row;
    },
  },
};
