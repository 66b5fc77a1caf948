/**
 * The provider's embeddable widget (GET /gamification-service/widget/?brand=&locale=&view=&origin=),
 * served from the platform's own origin for the lobby to frame on /missions/, /tournaments/ and
 * /loyalty-program/. `view` picks what it shows: `missions` (progress bars), `tournaments`
 * (countdowns and live leaderboards from the SSE stream) or `settings` (the opt-in switch).
 *
 * The page holds no session of its own: it posts `ready` to the lobby and waits for the lobby's
 * `session` message carrying the provider's access token (POST v1/token). It accepts messages only
 * from the one lobby origin it was launched for (and only from its parent window), and posts only
 * to that origin. Every message is `{ type: 'atrium:gamification', event, … }`:
 *
 * - widget → lobby: `ready`, `loaded`, `error` { message }, `opt-changed` { enable }, `resize` { height };
 * - lobby → widget: `session` { accessToken }, `refresh`.
 *
 * Texts are in the lobby's locale when the brand offers it; `gamification.js.` keys go to the script.
 */
import { readFileSync } from 'node:fs';
import type { Brand } from '../brands/brands.ts';
import type { PageLocale } from '../i18n/page-texts.ts';
import { escapeHtml } from '../web/html.ts';
import { jsonForScript } from '../web/embedding.ts';
import { withPageKit } from '../web/page-kit.ts';

const CLIENT_SCRIPT = withPageKit(readFileSync(new URL('./widget.client.js', import.meta.url), 'utf8'));
const STYLE = readFileSync(new URL('./widget.css', import.meta.url), 'utf8');

/** What a widget shows. */
export const WIDGET_VIEWS = ['missions', 'tournaments', 'settings'] as const;
/** One view of the widget. */
export type WidgetView = (typeof WIDGET_VIEWS)[number];

/** Whether a value names a widget view. */
export function isWidgetView(value: unknown): value is WidgetView {
  return typeof value === 'string' && (WIDGET_VIEWS as readonly string[]).includes(value);
}

/** The widget's page. */
export function widgetPageHtml(input: { brand: Brand; texts: PageLocale; view: WidgetView; lobbyOrigin: string; providerPath: string }, nonce: string): string {
  const { brand, texts, view } = input;
  const t = (key: Parameters<PageLocale['t']>[0]) => escapeHtml(texts.t(key));
  const heading = view === 'missions' ? t('gamification.missions') : view === 'tournaments' ? t('gamification.tournaments') : t('gamification.settings');
  const config = {
    brand: brand.id,
    locale: texts.locale,
    languageTag: texts.tag,
    currency: 'EUR',
    view,
    lobbyOrigin: input.lobbyOrigin,
    providerPath: input.providerPath,
    texts: texts.pick('gamification.js.'),
  };
  return `<!doctype html>
<html lang="${escapeHtml(texts.tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading} – ${escapeHtml(brand.title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main data-view="${view}">
<h1>${heading}</h1>
<p class="status" id="status" role="status" aria-live="polite">${t('gamification.js.loading')}</p>
<div id="content"></div>
</main>
<script type="application/json" id="widget-config">${jsonForScript(config)}</script>
<script nonce="${nonce}">${CLIENT_SCRIPT}</script>
</body>
</html>`;
}
