/**
 * The JSON Schema of each document editors write (operatorContentSchema), generated with zod's
 * toJSONSchema from the very schemas the content store checks with, so the console's forms never
 * drift from the store's rules. A layout's blocks become a oneOf by block type (the envelope and the
 * type's fields in one object); `x-widget` keys (form-widgets.ts) tell the console which widget a
 * field needs. Checks JSON Schema cannot say (refinements, catalogue look-ups) stay with
 * operatorValidateContent.
 */
import { z } from 'zod';
import { jackpotSettingsFile } from '../jackpot/settings.ts';
import { REWARDS_FILE, rewardsFile } from '../rewards/definitions.ts';
import { PROMOTIONS_FILE, promotionsFile } from '../promotions/content.ts';
import { SHOP_FILE, shopFile } from '../shop/content.ts';
import { CALENDAR_FILE, calendarFile } from '../calendar/content.ts';
import { CASHBACK_FILE, cashbackFile } from '../cashback/content.ts';
import { LOYALTY_FILE, loyaltyFile, MISSIONS_FILE, missionsFile, TOURNAMENTS_FILE, tournamentsFile } from '../gamification/content.ts';
import { PlatformError } from '../graphql/errors.ts';
import { BANNERS_FILE, bannersFile } from './banners.ts';
import { BLOCK_TYPES, blockFields, blockHeader, layoutFile, menuFile, type BlockType } from './blocks.ts';
import { LEGAL_FOLDER, legalDocumentFile } from './legal.ts';
import { moreCasinosFile } from './more-casinos.ts';

/** One block as an editor writes it: the envelope (id, type fixed to its type, requiresFeature) and its type's fields. */
function blockOf<T extends BlockType>(type: T) {
  return z.strictObject({ ...blockHeader.shape, type: z.literal(type), ...blockFields[type].shape });
}

/** A layout as the console edits it: the store's envelope with each block typed. */
const layoutForm = layoutFile.extend({
  blocks: z.array(z.discriminatedUnion('type', BLOCK_TYPES.map(blockOf) as unknown as [ReturnType<typeof blockOf>, ...ReturnType<typeof blockOf>[]])).min(1),
});

/** The zod schema of a document editors may write, by its path in the brand's folder. */
function schemaOf(path: string): z.ZodType {
  if (/^layout(?:\.[A-Z]{2})?\.json$/.test(path)) return layoutForm;
  if (/^jackpot(?:\.[A-Z]{2})?\.json$/.test(path)) return jackpotSettingsFile;
  if (path.startsWith(`${LEGAL_FOLDER}/`)) return legalDocumentFile;
  const byFile: Record<string, z.ZodType> = {
    'menu.json': menuFile,
    'more-casinos.json': moreCasinosFile,
    [BANNERS_FILE]: bannersFile,
    [REWARDS_FILE]: rewardsFile,
    [PROMOTIONS_FILE]: promotionsFile,
    [SHOP_FILE]: shopFile,
    [CALENDAR_FILE]: calendarFile,
    [CASHBACK_FILE]: cashbackFile,
    [LOYALTY_FILE]: loyaltyFile,
    [MISSIONS_FILE]: missionsFile,
    [TOURNAMENTS_FILE]: tournamentsFile,
  };
  const schema = byFile[path];
  if (!schema) throw new PlatformError('BadUserInput', `"${path}" has no schema editors write: use layout.json, menu.json, banners.json, legal/<document>.json or another file of platform/README.md "Content"`, { field: 'path' });
  return schema;
}

const cache = new Map<string, Record<string, unknown>>();

/** The JSON Schema (draft 2020-12, as written: defaults optional) of the document at path, with x-widget hints. */
export function contentJsonSchema(path: string): Record<string, unknown> {
  const schema = schemaOf(path);
  const known = cache.get(path);
  if (known) return known;
  // io 'input': a field with a default is optional to the editor; refinements and transforms have no JSON Schema and are checked by the store.
  const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  cache.set(path, generated);
  return generated;
}
