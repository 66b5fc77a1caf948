/**
 * The jackpot service's WebSocket messages (spec section 7; platform/README.md, "The jackpot
 * service", has every shape). Amounts are decimal strings. A message of a type not listed here is
 * refused with 'Invalid message type!' and one that is not JSON with the parser's own error
 * (spec section 8): the socket logs both and drops the message.
 */

/** A pot as the service writes it: mega (epic), major (super), minor (mini), shared and their total. */
export interface JackpotPot {
  id: 'mega' | 'major' | 'minor' | 'shared' | 'total';
  name: string;
  current_value: string;
}

/** A signed-in player's part of an instance: whether they are in and what they put in per bet (EUR). */
export interface JackpotPlayerStatus {
  opted_in: boolean;
  contribution_preferences?: Record<string, number>;
  preferred_contribution_value: number | null;
}

/** New pot values of an instance (highest version wins); `player` only in answers to this socket's own requests. */
export interface JackpotUpdate {
  type: 'JackpotUpdate';
  instance_id: string;
  currency: string;
  version: number;
  timestamp: string;
  pots: JackpotPot[];
  player?: JackpotPlayerStatus;
}

/** The multipliers: units of a currency per base unit (EUR). */
export interface CurrencyMultipliers {
  base: string;
  multipliers: Record<string, number>;
}

/** A pot dropped: to every subscriber of the instance; community winners share the shared pot. */
export interface WinEvent {
  type: 'WinEvent';
  instance_id: string;
  win_id: string;
  win_pot_id: string;
  win_pot_name: string;
  /** The whole pot, in EUR. */
  win_amount: string;
  currency: string;
  player_id: string;
  player_win: { win_amount: string; currency: string };
  community_winners: { player_id: string; win_amount: string; currency: string }[];
  community_winner_count: number;
  currency_multipliers: CurrencyMultipliers;
  timestamp: string;
}

/** The signed-in player won a raffle drop (sent once the prize is paid). */
export interface RaffleWinEvent {
  type: 'RaffleWinEvent';
  instance_id: string;
  raffle_type: 'hourly' | 'daily' | 'weekly';
  rank: number;
  ticket_count: number;
  win_amount: string;
  currency: string;
  player_id: string;
  timestamp: string;
}

/** The signed-in player's tickets per raffle instance. */
export interface PlayerRaffleTicketsListResponse {
  type: 'PlayerRaffleTicketsListResponse';
  player_id: string;
  tickets: { instance_id: string; ticket_count: number }[];
}

/** The service refused one request (the socket stays open). */
export interface JackpotServiceError {
  type: 'Error';
  request_type: string | null;
  reason: string;
  message: string;
}

/** Anything the service sends. */
export type JackpotServerMessage = JackpotUpdate | WinEvent | RaffleWinEvent | PlayerRaffleTicketsListResponse | JackpotServiceError;

/** What the lobby sends. */
export type JackpotClientRequest =
  | { type: 'SubscribeRequest'; instance_ids: string[] }
  | {
      type: 'PlayerOptInRequest';
      instance_id: string;
      player_id: string;
      brand_id: string;
      player_country?: string;
      opt_in: boolean;
      contribution_value?: number | null;
    }
  | { type: 'PlayerRaffleTicketsRequest'; player_id: string; instance_ids?: string[] };

/** The spec's text for a message of an unknown type (section 8). */
export const INVALID_MESSAGE_TYPE = 'Invalid message type!';

const SERVER_TYPES: ReadonlySet<string> = new Set(['JackpotUpdate', 'WinEvent', 'RaffleWinEvent', 'PlayerRaffleTicketsListResponse', 'Error']);

/** Reads one message; throws on a non-JSON text (SyntaxError) and on an unknown type ('Invalid message type!'). */
export function parseServerMessage(text: string): JackpotServerMessage {
  const parsed: unknown = JSON.parse(text);
  const type = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !SERVER_TYPES.has(type)) throw new Error(INVALID_MESSAGE_TYPE);
  return parsed as JackpotServerMessage;
}

/** The enriched player id the service knows a player by (spec section 3): `playerId:currency:brand`. */
export function enrichedPlayerId(playerId: string, currency: string, brand: string): string {
  return `${playerId}:${currency}:${brand}`;
}
