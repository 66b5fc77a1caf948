/**
 * GraphQL of the countdown calendar: `viewer.countdownCalendar(id)` (the player's doors),
 * `openCalendarDoor`, and the sandbox's `sandboxSetCalendarDay` (operator key only), the test clock
 * override of one player's calendar day.
 */
import { localiseText } from '../content/resolve.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { findPlayer } from '../players/repository.ts';
import type { Door } from './service.ts';

/** Schema of the calendar fields. */
export const calendarTypeDefs = /* GraphQL */ `
  "A countdown calendar as the signed-in player sees it (content/<brand>/calendar.json)."
  type CountdownCalendar {
    id: ID!
    "The IANA time zone whose midnight turns the doors."
    timeZone: String!
    "The player's today in that zone (YYYY-MM-DD)."
    today: String!
    doors: [CalendarDoor!]!
  }

  "One door: Open (today's, claimable), Claimed, Missed (a past day not claimed) or Locked (a future day)."
  type CalendarDoor {
    "YYYY-MM-DD in the calendar's zone."
    date: String!
    state: String!
    "The reward's name, in the locale."
    rewardName: String!
    "The reward given, once Claimed (viewer.rewards)."
    assignationId: ID
  }

  extend type Viewer {
    "The brand's countdown calendar with this id (the lobby path's, such as christmas-2024); null when there is none."
    countdownCalendar(id: ID!, locale: String): CountdownCalendar
  }

  extend type Mutation {
    "Opens today's door: gives its reward once (opening it again answers the Claimed door). RewardNotClaimable for a past or future door, with why."
    openCalendarDoor(calendarId: ID!, date: String!, locale: String): CalendarDoor!
    "Sandbox: sets one player's calendar day (YYYY-MM-DD), or clears it with null; the rest of the platform keeps its clock."
    sandboxSetCalendarDay(playerId: ID!, day: String): Boolean!
  }
`;

async function doorView(ctx: GraphQLContext, door: Door, locale: string) {
  const brand = ctx.brand();
  const definition = (await ctx.services.content.rewards(brand.id)).find((entry) => entry.rewardId === door.rewardId);
  return { date: door.date, state: door.state, rewardName: definition ? localiseText(definition.name, locale) : door.rewardId, assignationId: door.assignationId };
}

/** Resolvers of the calendar fields. */
export const calendarResolvers: Resolvers = {
  Viewer: {
    async countdownCalendar(_, args, ctx) {
      const auth = await ctx.auth();
      const view = await ctx.services.calendar.view(auth.playerId, args.id);
      if (!view) return null;
      const locale = ctx.locale(args.locale);
      return { id: view.id, timeZone: view.timeZone, today: view.today, doors: await Promise.all(view.doors.map((door) => doorView(ctx, door, locale))) };
    },
  },
  Mutation: {
    async openCalendarDoor(_, args, ctx) {
      const auth = await ctx.auth();
      return doorView(ctx, await ctx.services.calendar.open(auth.playerId, args.calendarId, args.date), ctx.locale(args.locale));
    },
    async sandboxSetCalendarDay(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      const brand = ctx.brand();
      const row = await findPlayer(ctx.services.db, brand.id, args.playerId, 'any');
      if (!row) throw new PlatformError('NotFound', `No player "${args.playerId}" on ${brand.id}: use the id, number, email, username or phone of a player (see platform/DEMO-PLAYERS.md)`);
      await ctx.services.calendar.overrideDay(row.id, args.day ?? null);
      return true;
    },
  },
};
