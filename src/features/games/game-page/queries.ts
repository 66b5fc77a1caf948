/**
 * The game page's documents live in game-page.graphql (GamePage, LaunchGame); their types are
 * generated (`npm run codegen`). These name the parts of the answers the page passes around.
 */
import type { GamePageQuery, LaunchGameMutation, LaunchGameMutationVariables } from '../../../lib/graphql/generated/graphql.ts';

/** The game as the page shows it (its fields are documented in the platform schema's Game). */
export type GameDetails = NonNullable<GamePageQuery['game']>;

/** A launched game session. */
export type GameLaunch = LaunchGameMutation['launchGame'];

/** What a launch asks for. */
export type LaunchVariables = LaunchGameMutationVariables;
