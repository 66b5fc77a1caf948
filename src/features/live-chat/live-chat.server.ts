/** Where the layout shows the live chat, for the layout's button and for the controls that stand in for it. */
import type { PageContext } from '../page-context/page-context.server.ts';
import { liveChatScriptUrl } from '../../config.server.ts';
import { routePath } from '../../paths.ts';

/**
 * True when the page at `currentPath` has the live chat: a provider is configured (production
 * without LIVE_CHAT_SCRIPT_URL shows no dead button), the brand turns it on (enableZendeskWebWidget),
 * and the page is not the sports route.
 */
export function liveChatOnPage(ctx: PageContext, currentPath: string): boolean {
  return Boolean(liveChatScriptUrl()) && ctx.hasFeature('enableZendeskWebWidget') && currentPath !== routePath(ctx.paths, 'sports');
}
