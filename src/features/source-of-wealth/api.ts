/**
 * The source-of-wealth page's calls (source-of-wealth.player.graphql): what was asked and declared,
 * and submitting the declaration. Proofs are uploaded one by one first (documents-api.ts), and the
 * declaration names them by id.
 */
import {
  SourceOfWealthDocument,
  SubmitSourceOfWealthDocument,
  type SourceOfWealthDeclaration,
  type SourceOfWealthQuery,
} from '../../lib/graphql/generated/player.ts';
import { playerCall } from '../session/player-call.ts';

/** The declaration as the platform holds it: one entry per funding type. */
export type SourceOfWealthEntry = NonNullable<SourceOfWealthQuery['viewer']>['sourceOfWealth'][number];
/** What was asked of the player: the status, due date and requested documents. */
export type SourceOfWealthStatus = NonNullable<SourceOfWealthQuery['viewer']>['player']['sourceOfWealthStatus'];

/** Reads the status and the declaration. */
export function loadSourceOfWealth(): Promise<{ status: SourceOfWealthStatus; entries: SourceOfWealthEntry[] }> {
  return playerCall(async (client) => {
    const data = await client.query(SourceOfWealthDocument, {});
    if (!data.viewer) throw new Error('sourceOfWealth returned nothing');
    return { status: data.viewer.player.sourceOfWealthStatus, entries: data.viewer.sourceOfWealth };
  });
}

/** Submits the declaration; resolves the new status. */
export function submitSourceOfWealth(declarations: SourceOfWealthDeclaration[]): Promise<SourceOfWealthStatus> {
  return playerCall(async (client) => {
    const data = await client.mutate(SubmitSourceOfWealthDocument, { declarations });
    return data.submitSourceOfWealth.sourceOfWealthStatus;
  }, { changesPlayer: true });
}
