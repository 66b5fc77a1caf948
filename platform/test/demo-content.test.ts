/**
 * The demo content's game banners say something true of their game: a banner on live blackjack
 * does not call it "our most played slot", and two banners of a brand for different games do not
 * share one text (a text written for one game, copied onto another).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../src/catalogue/generate.ts';
import { CONTENT_DIR } from './helpers.ts';

/** How each content language says "slot" (machine): the claim only a slot may carry. */
const SLOT_WORDS: Record<string, RegExp> = {
  en: /\bslots?\b/i,
  fi: /kolikkopel/i,
  no: /automat/i,
  de: /slot|spielautomat/i,
  fr: /machines? à sous/i,
  it: /\bslot\b/i,
  ja: /スロット/,
  et: /\bslot/i,
};

interface GameBanner { file: string; id: string; game: string; text: Record<string, string> }

/** The brands' content folders (a folder starting with "_", such as the logo library, is no brand). */
function brandFolders(): string[] {
  return readdirSync(CONTENT_DIR).filter((name) => !name.startsWith('_'));
}

/** Every BANNER_GAME block of every layout file of the demo content. */
function gameBanners(): GameBanner[] {
  const found: GameBanner[] = [];
  const visit = (file: string, node: unknown) => {
    if (Array.isArray(node)) node.forEach((child) => visit(file, child));
    else if (node && typeof node === 'object') {
      const block = node as Record<string, unknown>;
      if (block.type === 'BANNER_GAME') found.push({ file, id: String(block.id), game: String(block.game), text: (block.text ?? {}) as Record<string, string> });
      Object.values(block).forEach((child) => visit(file, child));
    }
  };
  for (const brand of brandFolders()) {
    for (const name of readdirSync(join(CONTENT_DIR, brand)).filter((file) => /^layout.*\.json$/.test(file))) {
      visit(`${brand}/${name}`, JSON.parse(readFileSync(join(CONTENT_DIR, brand, name), 'utf8')));
    }
  }
  return found;
}

describe('demo content game banners', () => {
  const banners = gameBanners();
  const games = new Map(generateCatalogue().games.map((game) => [game.slug, game]));

  it('are found in every brand', () => {
    expect(new Set(banners.map((banner) => banner.file.split('/')[0])).size).toBe(brandFolders().length);
  });

  it('call only a slot a slot, in every locale', () => {
    const wrong: string[] = [];
    for (const banner of banners) {
      const game = games.get(banner.game);
      expect(game, `${banner.file}: block "${banner.id}" names no catalogue game "${banner.game}"`).toBeDefined();
      if (game!.categories.includes('slots')) continue;
      for (const [locale, text] of Object.entries(banner.text)) {
        const words = SLOT_WORDS[locale.split('_')[0]!];
        expect(words, `no slot words for the language of ${locale}: add them to SLOT_WORDS`).toBeDefined();
        if (words!.test(text)) wrong.push(`${banner.file}: block "${banner.id}" calls ${game!.name} (${game!.categories.join(', ')}) a slot in ${locale}: "${text}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("are written per game: a brand's banners for different games never share a text", () => {
    const shared: string[] = [];
    const byBrand = new Map<string, GameBanner[]>();
    for (const banner of banners) {
      const brand = banner.file.split('/')[0]!;
      byBrand.set(brand, [...(byBrand.get(brand) ?? []), banner]);
    }
    for (const [brand, list] of byBrand) {
      const seen = new Map<string, string>();
      for (const banner of list) {
        for (const [locale, text] of Object.entries(banner.text)) {
          const key = `${locale}|${text}`;
          const other = seen.get(key);
          if (other && other !== banner.game) shared.push(`${brand}: "${text}" (${locale}) is on both ${other} and ${banner.game}`);
          seen.set(key, banner.game);
        }
      }
    }
    expect(shared).toEqual([]);
  });
});
