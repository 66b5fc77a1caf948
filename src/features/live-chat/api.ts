/** The live chat's one call for a signed-in player: the messaging widget's sign-in JWT. */
import { GenerateZendeskTokenDocument } from '../../lib/graphql/generated/player.ts';
import { playerCall } from '../session/player-call.ts';

/** A fresh JWT that signs the player into the chat (valid for 5 minutes). */
export function chatToken(): Promise<string> {
  return playerCall(async (client) => {
    const data = await client.mutate(GenerateZendeskTokenDocument, {});
    return data.generateZendeskToken.token;
  });
}
