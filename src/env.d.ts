/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The brand identified from the Host header (set by the middleware). */
    brand: import('./brands/load.server.ts').Brand;
    /** The brand's public origin for absolute URLs: a host the brand lists, the configured scheme and port (brands/origin.server.ts). */
    origin: string;
    /** The locale from the path prefix, or the brand's default outside localised routes. */
    locale: import('./i18n/locales.ts').Locale;
    /** Everything a page needs from the platform and the request, resolved once per request. */
    page: import('./features/page-context/page-context.server.ts').PageContext;
    /** The page's hero image, preloaded in the document head (set by the page before its layout renders). */
    heroImage?: { mobile: string; desktop: string };
    /** Set by the middleware while the platform does not answer: the page asked for, which the outage page reloads. */
    outage?: { returnTo: string };
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate after the page's largest paint (src/features/after-paint/); "visible" also waits for the island to scroll into view. */
    'client:afterpaint'?: boolean | 'visible';
  }
}

/** The after-paint gate's script, minified at build time (astro.config.mjs), as every page's head inlines it. */
declare const __AFTER_PAINT_GATE__: string;

/** wawoff2's decompressor (no types of its own): a WOFF2 file's bytes to OpenType bytes. */
declare module 'wawoff2/decompress.js' {
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}

/** The Element Timing API's attribute (the bench times the hero with it); Astro's JSX types lack it. */
declare namespace astroHTML.JSX {
  interface ImgHTMLAttributes {
    elementtiming?: string | undefined | null;
  }
}
