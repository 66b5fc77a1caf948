import { describe, expect, it } from 'vitest';
import { acceptWidgetMessage, widgetReloadDelay, widgetUrl } from './widget-protocol.ts';

const WIDGET = 'http://127.0.0.1:4322';

describe('the gamification widget protocol', () => {
  it('reloads a failing widget up to 5 times, waiting 1 s longer each time', () => {
    expect([1, 2, 3, 4, 5, 6].map(widgetReloadDelay)).toEqual([1000, 2000, 3000, 4000, 5000, null]);
    expect(widgetReloadDelay(0)).toBeNull();
  });

  it('accepts a message only from the widget origin, with its type and a known event', () => {
    const data = { type: 'atrium:gamification', event: 'opt-changed', enable: true };
    expect(acceptWidgetMessage({ origin: WIDGET, data }, WIDGET)).toEqual(data);
    expect(acceptWidgetMessage({ origin: 'https://evil.example', data }, WIDGET)).toBeNull();
    expect(acceptWidgetMessage({ origin: WIDGET, data: { ...data, type: 'atrium:sportsbook' } }, WIDGET)).toBeNull();
    expect(acceptWidgetMessage({ origin: WIDGET, data: { ...data, event: 'pay-out' } }, WIDGET)).toBeNull();
  });

  it('names the brand, locale, view and lobby origin in the widget address', () => {
    const url = new URL(widgetUrl(WIDGET, { brand: 'aurelia', locale: 'fi', view: 'missions', lobbyOrigin: 'http://aurelia.localhost:4321', providerPath: '/gamification-service/' }));
    expect(url.pathname).toBe('/gamification-service/widget/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ brand: 'aurelia', locale: 'fi', view: 'missions', origin: 'http://aurelia.localhost:4321' });
  });
});
