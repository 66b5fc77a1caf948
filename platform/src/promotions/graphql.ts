/**
 * GraphQL of promotions (spec sections 2 and 3): `promotions` (the brand's live promotions with
 * their bonus action, texts in the locale), `viewer.promotionChoices`, and `choosePromotion`, which
 * the lobby sends before it opens the cashier for a DEPOSIT promotion.
 */
import { localiseText } from '../content/resolve.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { PromotionContent } from './content.ts';
import type { PromotionChoice } from './service.ts';

/** Where a promotion's terms are when it names none. */
export const DEFAULT_TERMS_HREF = '/bonus-terms-and-conditions/';

/** Schema of the promotion fields. */
export const promotionTypeDefs = /* GraphQL */ `
  "Bonus action (spec section 3): what a promotion's button does."
  enum BonusAction {
    "Opens the cashier with the promotion chosen; a deposit that meets the trigger earns the reward once."
    DEPOSIT
    "Links to a lobby page."
    PAGE_LINK
  }

  "Deposit bonus trigger (spec section 3)."
  enum DepositBonusTrigger {
    ALWAYS
    EXISTING_DEPOSITS
    FIRST_TIME_DEPOSIT
  }

  "A promotion of the brand (content/<brand>/promotions.json)."
  type Promotion {
    id: ID!
    title: String!
    text: String!
    badge: String
    startsAt: String
    endsAt: String
    action: BonusAction!
    "The button's text."
    cta: String!
    "PAGE_LINK: the lobby path, without the locale prefix."
    href: String
    "DEPOSIT: which deposits earn the reward."
    trigger: DepositBonusTrigger
    "DEPOSIT: the reward of rewards.json it gives."
    rewardId: ID
    "DEPOSIT: the smallest deposit that earns it, in currency."
    minDeposit: String
    "The bonus terms page, without the locale prefix."
    termsHref: String!
  }

  "The signed-in player's choice of a DEPOSIT promotion."
  type PromotionChoice {
    promotionId: ID!
    chosenAt: String!
    "True once the deposit bonus was given."
    awarded: Boolean!
    "The reward given (viewer.rewards), once awarded."
    assignationId: ID
  }

  extend type Query {
    "The brand's live promotions (within startsAt and endsAt), in the editor's order; texts in the locale (default x-locale)."
    promotions(locale: String): [Promotion!]!
  }

  extend type Viewer {
    "The promotions the player chose, newest first."
    promotionChoices: [PromotionChoice!]!
  }

  extend type Mutation {
    "Chooses a live DEPOSIT promotion before depositing (idempotent): a deposit completed from then on that meets its trigger and minimum earns its reward, once per player. PromotionNotEligible when the trigger cannot be met or the bonus was already given."
    choosePromotion(promotionId: ID!): PromotionChoice!
  }
`;

function promotionView(promotion: PromotionContent, locale: string) {
  const { action } = promotion;
  return {
    id: promotion.id,
    title: localiseText(promotion.title, locale),
    text: localiseText(promotion.text, locale),
    badge: promotion.badge ? localiseText(promotion.badge, locale) : null,
    startsAt: promotion.startsAt ?? null,
    endsAt: promotion.endsAt ?? null,
    action: action.type,
    cta: localiseText(action.cta, locale),
    href: action.type === 'PAGE_LINK' ? action.href : null,
    trigger: action.type === 'DEPOSIT' ? action.trigger : null,
    rewardId: action.type === 'DEPOSIT' ? action.rewardId : null,
    minDeposit: action.type === 'DEPOSIT' ? (action.minDeposit ?? null) : null,
    termsHref: promotion.termsHref ?? DEFAULT_TERMS_HREF,
  };
}

function choiceView(choice: PromotionChoice) {
  return { promotionId: choice.promotionId, chosenAt: choice.chosenAt.toISOString(), awarded: choice.assignationId !== null, assignationId: choice.assignationId };
}

/** Resolvers of the promotion fields. */
export const promotionResolvers: Resolvers = {
  Query: {
    async promotions(_, args, ctx: GraphQLContext) {
      const locale = ctx.locale(args.locale);
      return (await ctx.services.promotions.live(ctx.brand().id)).map((promotion) => promotionView(promotion, locale));
    },
  },
  Viewer: {
    async promotionChoices(_, __, ctx) {
      const auth = await ctx.auth();
      return (await ctx.services.promotions.choices(auth.playerId)).map(choiceView);
    },
  },
  Mutation: {
    async choosePromotion(_, args, ctx) {
      const auth = await ctx.auth();
      return choiceView(await ctx.services.promotions.choose(auth.playerId, args.promotionId));
    },
  },
};
