/**
 * The account details' calls (account.player.graphql): the personal info form's read and save, the
 * dashboard's marketing switches and its payment totals (EnableFinancialHistory). A saved name goes straight into `$player`, so the header and
 * the dashboard show it at once; the platform's PlayerUpdated then refetches the whole player anyway.
 */
import {
  FinancialSummaryDocument,
  MarketingPreferencesDocument,
  PersonalInfoDocument,
  SetMarketingPreferencesDocument,
  UpdatePersonalInfoDocument,
  type FinancialSummaryFieldsFragment,
  type MarketingFieldsFragment,
  type MarketingPreferencesInput,
  type PersonalInfoFieldsFragment,
  type PersonalInfoInput,
} from '../../lib/graphql/generated/player.ts';
import { playerCall } from '../session/player-call.ts';
import { $player, setPlayer } from '../session/player-store.ts';

/** The player's personal info with their country and the fields verified. */
export type PersonalInfoData = PersonalInfoFieldsFragment;
/** The player's marketing choices and whether marketing is blocked. */
export type MarketingData = MarketingFieldsFragment;

/** Money in and out over a window (EnableFinancialHistory). */
export type FinancialSummary = FinancialSummaryFieldsFragment;

/** Reads the payment totals of the last 30 days and the last 12 months. */
export function loadFinancialSummary(): Promise<FinancialSummary[]> {
  return playerCall(async (client) => {
    const data = await client.query(FinancialSummaryDocument, {});
    if (!data.viewer) throw new Error('FinancialSummary returned nothing');
    return [data.viewer.month, data.viewer.year];
  });
}

/** Reads the player's personal info. */
export function loadPersonalInfo(): Promise<PersonalInfoData> {
  return playerCall(async (client) => {
    const data = await client.query(PersonalInfoDocument, {});
    if (!data.viewer) throw new Error('PersonalInfo returned nothing');
    return data.viewer.player;
  });
}

/** Saves the player's personal info; a refusal is a GraphqlCallError whose extensions carry fieldErrors. */
export function updatePersonalInfo(input: PersonalInfoInput): Promise<PersonalInfoData> {
  return playerCall(async (client) => {
    const data = await client.mutate(UpdatePersonalInfoDocument, { input });
    const saved = data.updatePersonalInfo;
    const current = $player.get().player;
    if (current) setPlayer({ ...current, personalInfo: { ...current.personalInfo, firstName: saved.personalInfo.firstName, lastName: saved.personalInfo.lastName } });
    return saved;
  });
}

/** Reads the player's marketing choices. */
export function loadMarketing(): Promise<MarketingData> {
  return playerCall(async (client) => {
    const data = await client.query(MarketingPreferencesDocument, {});
    if (!data.viewer) throw new Error('MarketingPreferences returned nothing');
    return data.viewer.player;
  });
}

/** Saves marketing choices (the channels named); MarketingBlocked while marketing is blocked. */
export function setMarketing(input: MarketingPreferencesInput): Promise<MarketingData> {
  return playerCall(async (client) => {
    const data = await client.mutate(SetMarketingPreferencesDocument, { input });
    return data.setMarketingPreferences;
  });
}
