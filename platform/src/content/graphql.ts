/** GraphQL for the embedded CMS: the layout, menu, more-casinos, account-banner and legal-document queries. */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { archivedDocument } from '../players/legal-acceptance.ts';
import { isLegalDocument, LEGAL_DOCUMENTS, localiseLegal } from './legal.ts';
import { localiseText, resolveBlocks } from './resolve.ts';
import { BLOCK_TYPES } from './blocks.ts';
import { servedBanners } from './banners.ts';
import { OPERATOR_BANNER_TYPES } from '../../../shared/operator-banners.ts';
import { PREVIEW_HEADER } from '../operators/content-editing.ts';
import type { ContentBlock, ContentStore } from './store.ts';

/** Schema of the content queries. */
export const contentTypeDefs = /* GraphQL */ `
  extend type Query {
    "The lobby layout for the brand (x-brand) in a country: its country variant when there is one. Texts in locale (argument, else x-locale, else en)."
    layout(countryCode: String!, locale: String): Layout!
    "A menu of the brand by key (the lobby uses lobbyMenu); null for an unknown key."
    lobbyMenu(menuKey: String!, locale: String): LobbyMenu
    "Content files of the brand whose latest save is broken; their last good version is being served."
    contentProblems: [ContentProblem!]!
    "The sister casinos of the brand's more-casinos page (content/<brand>/more-casinos.json), lines in locale (argument, else x-locale, else en); empty when the brand lists none."
    moreCasinos(locale: String): [SisterCasino!]!
    "A legal document of the brand (content/<brand>/legal/<document>.json) in locale (argument, else x-locale, else en; falling back to the language, then en). With version: that version when it is current or a player accepted it; null when the brand has not written the document or no one accepted that version."
    legalDocument(document: String!, locale: String, version: String): LegalDocument
    "The operator's account banners (content/<brand>/banners.json, else the starter banners) for the brand's licence that are not over yet, texts in locale (argument, else x-locale, else en). The lobby shows one to a player whose account country it lists (or when it lists none) once it has started."
    accountBanners(locale: String): [OperatorBanner!]!
    "A fingerprint of the brand's content files that changes with every save (broken or not). A lobby caching rendered pages polls it and drops the brand's pages when it changes."
    contentVersion: String!
  }

  "A broken save of a content file; the last good version of the file is served until it is fixed."
  type ContentProblem {
    "The file, such as content/aurelia/layout.json."
    file: String!
    "What is wrong, naming the file, the block and the field."
    message: String!
    "When the broken save was first seen (ISO 8601)."
    since: String!
  }

  enum BlockType {
    ${BLOCK_TYPES.join('\n    ')}
  }

  type Layout {
    countryCode: String!
    locale: String!
    "The content file served: layout.json or a country variant such as layout.SE.json."
    source: String!
    "Problems of the brand's content files; when one names this layout's file, an older good version is being served."
    problems: [ContentProblem!]!
    "True when an operator's draft is served instead of the published layout (the request carried a valid atrium-preview token): never cache such a page."
    preview: Boolean!
    blocks: [LayoutBlock!]!
  }

  type LayoutBlock {
    id: String!
    type: BlockType!
    "The block's fields with texts resolved to the locale."
    props: JSON!
  }

  "A legal document (terms and conditions, privacy policy, bonus terms) in one locale."
  type LegalDocument {
    "terms-and-conditions, privacy-policy or bonus-terms-and-conditions."
    document: String!
    "The editor's version name; registration records the version a player accepted."
    version: String!
    "The day the text last changed (YYYY-MM-DD)."
    updated: String!
    "The locale the text is in: the requested one or the first of its fallback chain the document has."
    locale: String!
    title: String!
    "The body as HTML from the content file: sanitise it before rendering."
    html: String!
    "Whether this version is in force now (false for an older version a player accepted)."
    current: Boolean!
  }

  enum OperatorBannerType {
    ${OPERATOR_BANNER_TYPES.join('\n    ')}
  }

  "An account banner the operator wrote (content/<brand>/banners.json)."
  type OperatorBanner {
    "The editor's id, unique in the file."
    id: String!
    "Content and InstantBankingJackpot show only when the player has a queued message or instant banking off; the others are announcements."
    type: OperatorBannerType!
    "The banner's words in the requested locale."
    text: String!
    link: BannerLink
    "Account countries (ISO codes) the banner is for; null for every country."
    countries: [String!]
    "When it starts showing (ISO 8601); null: at once."
    from: String
    "When it stops showing (ISO 8601); null: until removed."
    until: String
  }

  "Where a banner leads."
  type BannerLink {
    "A lobby path without the locale (/withdraw/) or an https URL."
    href: String!
    "The link's words in the requested locale."
    label: String!
  }

  "A casino of the same operator that the more-casinos page points players to."
  type SisterCasino {
    id: String!
    "The casino's name as it brands itself."
    name: String!
    "One line about the casino, in the requested locale."
    line: String!
    "The casino's site: an external https URL."
    url: String!
    logo: ContentLogo!
  }

  "A logo with its intrinsic size, so a page reserves its place before it loads."
  type ContentLogo {
    "A /media/logos/<name>.svg path or an https URL."
    url: String!
    width: Int!
    height: Int!
  }

  type LobbyMenu {
    key: String!
    items: [LobbyMenuItem!]!
  }

  type LobbyMenuItem {
    id: String!
    label: String!
    "Internal path without locale prefix, such as /games/."
    href: String!
    icon: String!
  }
`;

/**
 * The operator's draft a request previews (its atrium-preview header carries a token from
 * operatorPreviewToken for this brand and a file `wanted` accepts), checked as the store checks the
 * file; null for an ordinary request. A token that is forged, expired, for another brand or another
 * file, or a draft that no longer passes the checks, shows the published content.
 */
async function previewDraft(ctx: GraphQLContext, brandId: string, wanted: (path: string) => boolean): Promise<{ path: string; value: unknown } | null> {
  const header = ctx.req.headers[PREVIEW_HEADER];
  if (typeof header !== 'string' || header === '') return null;
  const grant = await ctx.services.contentEditing.previewGrant(header, brandId);
  if (!grant || !wanted(grant.path)) return null;
  const document = await ctx.services.contentEditing.previewDocument(grant);
  if (document === null) return null;
  const checked = await ctx.services.content.validate(brandId, grant.path, document);
  return checked.ok ? { path: grant.path, value: checked.value } : null;
}

/** Resolvers of the content queries. */
export const contentResolvers: Resolvers = {
  Query: {
    async layout(_: unknown, args: { countryCode: string; locale?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      const locale = ctx.locale(args.locale);
      const countryCode = args.countryCode.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(countryCode)) {
        throw new PlatformError('BadUserInput', `countryCode "${args.countryCode}" is not a two-letter country code such as "FI"`);
      }
      const draft = await previewDraft(ctx, brand.id, (path) => /^layout(?:\.[A-Z]{2})?\.json$/.test(path));
      const layout = draft
        ? { file: draft.path, blocks: draft.value as ContentBlock[] }
        : await ctx.services.content.layout(brand.id, countryCode);
      return {
        countryCode,
        locale,
        preview: draft !== null,
        source: layout.file,
        problems: await ctx.services.content.problems(brand.id),
        blocks: await resolveBlocks(
          layout.blocks.filter((block) => !block.requiresFeature || brand.features.includes(block.requiresFeature)),
          locale,
          ctx.services.catalogue,
        ),
      };
    },

    async accountBanners(_: unknown, args: { locale?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      const locale = ctx.locale(args.locale);
      const banners = servedBanners(await ctx.services.content.banners(brand.id), brand.license, new Date());
      return banners.map((banner) => ({
        id: banner.id,
        type: banner.type,
        text: localiseText(banner.text, locale),
        link: banner.link ? { href: banner.link.href, label: localiseText(banner.link.label, locale) } : null,
        countries: banner.countries,
        from: banner.from,
        until: banner.until,
      }));
    },

    contentVersion(_: unknown, _args: unknown, ctx: GraphQLContext) {
      return ctx.services.content.version(ctx.brand().id);
    },

    async moreCasinos(_: unknown, args: { locale?: string | null }, ctx: GraphQLContext) {
      const locale = ctx.locale(args.locale);
      const casinos = await ctx.services.content.moreCasinos(ctx.brand().id);
      return casinos.map((casino) => ({ ...casino, line: localiseText(casino.line, locale) }));
    },

    async legalDocument(_: unknown, args: { document: string; locale?: string | null; version?: string | null }, ctx: GraphQLContext) {
      if (!isLegalDocument(args.document)) {
        throw new PlatformError('BadUserInput', `document "${args.document}" is not a legal document: use one of ${LEGAL_DOCUMENTS.join(', ')}`, { field: 'document' });
      }
      const brand = ctx.brand();
      const locale = ctx.locale(args.locale);
      const current = await ctx.services.content.currentLegal(brand, args.document);
      if (!args.version || args.version === current?.version) return current ? localiseLegal(args.document, current, locale, true) : null;
      const archived = await archivedDocument(ctx.services.db, brand.id, args.document, args.version);
      return archived ? localiseLegal(args.document, archived, locale, false) : null;
    },

    contentProblems(_: unknown, _args: unknown, ctx: GraphQLContext) {
      return ctx.services.content.problems(ctx.brand().id);
    },

    async lobbyMenu(_: unknown, args: { menuKey: string; locale?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      const locale = ctx.locale(args.locale);
      const draft = await previewDraft(ctx, brand.id, (path) => path === 'menu.json');
      const menus = draft ? (draft.value as Awaited<ReturnType<ContentStore['menus']>>) : await ctx.services.content.menus(brand.id);
      const menu = menus[args.menuKey];
      if (!menu) return null;
      return {
        key: args.menuKey,
        items: menu.items
          .filter((item) => !item.requiresFeature || brand.features.includes(item.requiresFeature))
          .map((item) => ({ id: item.id, label: localiseText(item.label, locale), href: item.href, icon: item.icon })),
      };
    },
  },
};
