/**
 * The source-of-wealth declaration (spec section 3): the six funding types and, for each, the
 * options a player ticks to say where the money comes from. The lobby's form and the platform's
 * rules (which options a type accepts, what a complete declaration needs) both read this table, and
 * the texts of each option live under `sowMessageKey` in the translation files, so the platform's
 * `viewer.sourceOfWealth` and the lobby's form say the same words in every locale.
 *
 * A type is complete when the player ticked at least one of its options and uploaded at least one
 * document proving it (spec: "options, files and completed"). A declaration is submitted when every
 * type the player declares is complete and every funding type the operator asked documents for is
 * among them.
 */

/** The funding types, in the order the form shows them (spec section 3). */
export const FUNDING_TYPES = ['Salary', 'Dividends', 'Other', 'Inheritance', 'SaleOfCompany', 'SaleOfProperty'] as const;
/** One funding type. */
export type FundingType = (typeof FUNDING_TYPES)[number];

/** The options each funding type offers; an option's id is unique across all types. */
export const SOW_OPTIONS: Record<FundingType, readonly string[]> = {
  Salary: ['employment', 'selfEmployment', 'pension', 'bonus'],
  Dividends: ['listedShares', 'privateCompany', 'funds'],
  Other: ['savings', 'gift', 'winnings', 'rental'],
  Inheritance: ['inheritedCash', 'inheritedProperty', 'inheritedInvestments'],
  SaleOfCompany: ['companyShares', 'businessAssets'],
  SaleOfProperty: ['residential', 'commercial', 'land'],
};

/** Most documents one funding type may carry in a declaration. */
export const MAX_SOW_FILES_PER_TYPE = 10;

/** Whether a value is one of the funding types. */
export function isFundingType(value: unknown): value is FundingType {
  return typeof value === 'string' && (FUNDING_TYPES as readonly string[]).includes(value);
}

/** The translation key of a funding type's name, an option's title or an option's tooltip. */
export function sowMessageKey(type: FundingType, option?: string, part: 'title' | 'tooltip' = 'title'): `sow.${string}` {
  if (option === undefined) return part === 'title' ? `sow.type.${type}` : `sow.type.${type}.hint`;
  return part === 'title' ? `sow.option.${option}` : `sow.option.${option}.hint`;
}
