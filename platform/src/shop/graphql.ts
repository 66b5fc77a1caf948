/**
 * GraphQL of the rewards shop: `rewardsShop` (the brand's items, texts in the locale),
 * `viewer.shopCoins` and `viewer.shopPurchases`, `buyShopItem`, and the sandbox's `sandboxGiveCoins`
 * (operator key only, like every sandbox* mutation).
 */
import { localiseText } from '../content/resolve.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { findPlayer } from '../players/repository.ts';
import type { Purchase } from './service.ts';

/** Schema of the shop fields. */
export const shopTypeDefs = /* GraphQL */ `
  "The brand's rewards shop (content/<brand>/shop.json)."
  type RewardsShop {
    "Real-money casino stakes, in EUR (other currencies at the jackpot's multipliers), that earn one coin."
    wagerPerCoin: String!
    items: [ShopItem!]!
  }

  "An item of the shop: a reward for coins."
  type ShopItem {
    id: ID!
    title: String!
    text: String
    "Whole coins."
    price: Int!
    "The reward of rewards.json it gives."
    rewardId: ID!
  }

  "One purchase: Paid (coins taken), Given (the reward assigned: viewer.rewards), Refunded (the reward could not be given; coins back)."
  type ShopPurchase {
    id: ID!
    itemId: ID!
    price: Int!
    status: String!
    "The reward given, once Given."
    assignationId: ID
    createdAt: String!
    "The player's coins after it."
    coinsLeft: String!
  }

  extend type Query {
    "The brand's rewards shop; null when it has none."
    rewardsShop(locale: String): RewardsShop
  }

  extend type Viewer {
    "The player's coins: an exact whole number, as text."
    shopCoins: String!
    "The player's last purchases (1 to 100, default 20), newest first."
    shopPurchases(last: Int = 20): [ShopPurchase!]!
  }

  extend type Mutation {
    "Buys a shop item: takes its price in coins and gives its reward, once per idempotencyKey (a retry answers the same purchase). NotEnoughCoins (with price and coins in extensions) or RewardsBlocked otherwise."
    buyShopItem(itemId: ID!, idempotencyKey: String!): ShopPurchase!
    "Sandbox: gives a player (id, number, email, username or phone within x-brand) coins; answers their coins."
    sandboxGiveCoins(playerId: ID!, coins: Int!): String!
  }
`;

function purchaseView(purchase: Purchase, coinsLeft: bigint) {
  return {
    id: purchase.id, itemId: purchase.itemId, price: Number(purchase.price), status: purchase.status,
    assignationId: purchase.assignationId, createdAt: purchase.createdAt.toISOString(), coinsLeft: coinsLeft.toString(),
  };
}

/** Resolvers of the shop fields. */
export const shopResolvers: Resolvers = {
  Query: {
    async rewardsShop(_, args, ctx) {
      const shop = await ctx.services.shop.shop(ctx.brand().id);
      if (!shop) return null;
      const locale = ctx.locale(args.locale);
      return {
        wagerPerCoin: shop.wagerPerCoin,
        items: shop.items.map((item) => ({ id: item.id, title: localiseText(item.title, locale), text: item.text ? localiseText(item.text, locale) : null, price: item.price, rewardId: item.rewardId })),
      };
    },
  },
  Viewer: {
    async shopCoins(_, __, ctx) {
      const auth = await ctx.auth();
      return (await ctx.services.shop.coins(auth.playerId)).toString();
    },
    async shopPurchases(_, args, ctx) {
      const auth = await ctx.auth();
      const last = args.last ?? 20;
      if (!Number.isInteger(last) || last < 1 || last > 100) throw new PlatformError('BadUserInput', `last must be 1 to 100 (got ${last})`);
      const coins = await ctx.services.shop.coins(auth.playerId);
      return (await ctx.services.shop.purchases(auth.playerId, last)).map((purchase) => purchaseView(purchase, coins));
    },
  },
  Mutation: {
    async buyShopItem(_, args, ctx) {
      const auth = await ctx.auth();
      const purchase = await ctx.services.shop.buy(auth.playerId, args.itemId, args.idempotencyKey);
      return purchaseView(purchase, await ctx.services.shop.coins(auth.playerId));
    },
    async sandboxGiveCoins(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      const brand = ctx.brand();
      const row = await findPlayer(ctx.services.db, brand.id, args.playerId, 'any');
      if (!row) throw new PlatformError('NotFound', `No player "${args.playerId}" on ${brand.id}: use the id, number, email, username or phone of a player (see platform/DEMO-PLAYERS.md)`);
      if (!Number.isInteger(args.coins) || args.coins < 1) throw new PlatformError('BadUserInput', `coins must be a positive whole number (got ${args.coins})`);
      return (await ctx.services.shop.grant(row.id, BigInt(args.coins))).toString();
    },
  },
};
