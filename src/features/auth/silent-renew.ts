/**
 * The keycloak handler's inline script: the silent-renew iframe hands the provider's answer to the
 * parent page's UserManager at once, before any island loads. Allowed by its hash in the page's CSP
 * (auth-pages.ts adds it before the page renders).
 */
export const SILENT_RENEW_SCRIPT =
  "if (window.parent !== window && new URLSearchParams(location.search).has('silent')) {" +
  "window.parent.postMessage({ source: 'oidc-client', url: location.href, keepOpen: false }, location.origin);}";
