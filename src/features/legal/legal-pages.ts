/** Registers the legal routes as feature pages: each brand's documents from the CMS. */
import { routePage, type RoutePage } from '../route-page.ts';
import LegalPage from './LegalPage.astro';
import { isVersionName, LEGAL_ROUTES, loadLegalDocument, type LegalDocument, type LegalRoute } from './legal.server.ts';

/** What the page renders: the document (null when the brand has not written it) and the version a link asked for. */
export interface LegalPageData {
  route: LegalRoute;
  document: LegalDocument | null;
  asked: string | null;
}

const legalPage = (route: LegalRoute) =>
  routePage<LegalPageData>({
    load: async (ctx, _slug, url) => {
      // Only a version-shaped value is looked up and named on the page: other text is not echoed back.
      const raw = url.searchParams.get('version');
      const asked = isVersionName(raw) ? raw : null;
      const document = await loadLegalDocument(ctx, route, asked).catch((error: unknown) => {
        console.warn(`[lobby] ${route} unavailable, rendering the empty page: ${(error as Error).message}`);
        return null;
      });
      return { ...(document ? { title: document.title } : {}), data: { route, document, asked } };
    },
    component: LegalPage,
  });

/** Route id → legal page. */
export const LEGAL_ROUTE_PAGES: Record<LegalRoute, RoutePage> = Object.fromEntries(LEGAL_ROUTES.map((route) => [route, legalPage(route)])) as Record<LegalRoute, RoutePage>;
