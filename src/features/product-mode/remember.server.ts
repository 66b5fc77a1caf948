/**
 * Stores the product-mode preference when the visitor chose one with ?productMode= — only when
 * they gave preferences consent (spec section 2).
 */
import type { AstroGlobal } from 'astro';
import type { PageContext } from '../page-context/page-context.server.ts';
import { mayStoreProductMode, PRODUCT_MODE_COOKIE, PRODUCT_MODE_MAX_AGE_S } from './product-mode.ts';

/** Writes the productMode cookie for an explicit choice, when consent allows. */
export function rememberProductMode(astro: AstroGlobal, ctx: PageContext): void {
  if (!astro.url.searchParams.has('productMode') || !mayStoreProductMode(ctx.consent)) return;
  astro.cookies.set(PRODUCT_MODE_COOKIE, ctx.productMode.toLowerCase(), {
    path: '/',
    maxAge: PRODUCT_MODE_MAX_AGE_S,
    sameSite: 'lax',
    secure: astro.url.protocol === 'https:',
  });
}
