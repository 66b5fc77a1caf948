/** The live chat's one call for a signed-in player: the messaging widget's sign-in JWT. */
import { apolloDocument } from '../../lib/graphql/apollo-document.ts';
import { GenerateZendeskTokenDocument } from '../../lib/graphql/generated/player.ts';
import { playerCall } from '../session/player-call.ts';

const mutation = apolloDocument(GenerateZendeskTokenDocument);

/** A fresh JWT that signs the player into the chat (valid for 5 minutes). */
export function chatToken(): Promise<string> {
  return playerCall(async (client) => {
    const { data } = await client.mutate({ mutation });
    if (!data) throw new Error('generateZendeskToken returned nothing');
    return data.generateZendeskToken.token;
  });
}
