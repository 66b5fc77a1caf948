/**
 * The source-of-wealth form's rules, apart from its rendering: the starting state from what the
 * platform holds, and the first problem of each funding type as the platform would find it (an
 * option and a document per declared type; every type the operator asked documents for declared).
 */
import { FUNDING_TYPES, type FundingType } from '../../../shared/source-of-wealth.ts';
import type { SourceOfWealthEntry } from './api.ts';

type UploadedFile = SourceOfWealthEntry['files'][number];
/** A problem the form names. */
export type ErrorKey = 'options' | 'file' | 'requested';

/** The form's state for one funding type. */
export interface TypeState {
  declared: boolean;
  options: string[];
  files: UploadedFile[];
}

/** The first problem of the declaration, per funding type, as the platform would find it. */
export function declarationProblems(state: Record<FundingType, TypeState>, requested: readonly string[]): { none: boolean; byType: Partial<Record<FundingType, ErrorKey>> } {
  const byType: Partial<Record<FundingType, ErrorKey>> = {};
  for (const type of FUNDING_TYPES) {
    const entry = state[type];
    if (!entry.declared) {
      if (requested.includes(type)) byType[type] = 'requested';
    } else if (entry.options.length === 0) byType[type] = 'options';
    else if (entry.files.length === 0) byType[type] = 'file';
  }
  return { none: FUNDING_TYPES.every((type) => !state[type].declared), byType };
}

/** The form's starting state from the platform's declaration. */
export function initialState(entries: SourceOfWealthEntry[], requested: readonly string[]): Record<FundingType, TypeState> {
  return Object.fromEntries(FUNDING_TYPES.map((type) => {
    const entry = entries.find((candidate) => candidate.type === type);
    return [type, {
      // A type the operator asked documents for starts ticked: it has to be declared anyway.
      declared: Boolean(entry?.completed) || requested.includes(type),
      options: entry?.options.filter((option) => option.checked).map((option) => option.id) ?? [],
      files: entry?.files ?? [],
    }];
  })) as Record<FundingType, TypeState>;
}
