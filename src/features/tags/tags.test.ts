import { describe, expect, it } from 'vitest';
import { affiliateFrom, campaignFrom, storedAffiliate } from './analytics.ts';
import { consentMode, tagSetup } from './loader.ts';
import { signInMethodOf } from './sign-in-event.ts';
import { analyticsTagsMode, brandTagConfig } from './tags.server.ts';
import { configuredTags, tagScriptUrl, type TagConfig } from './tags.ts';

describe('brand tag configuration', () => {
  it('maps trackingOptions to tags, and none to null', () => {
    expect(brandTagConfig({ gtmId: 'GTM-A', gaMeasurementId: 'G-B', analyticsTrackingId: 'UA-1-1', fullStoryOrgId: 'o-1', adformTrackingId: '27', adformHost: 'a.example.com' }, 'sandbox')).toEqual({
      mode: 'sandbox', gtm: 'GTM-A', gtag: ['G-B', 'UA-1-1'], fullstory: 'o-1', adform: { id: '27', host: 'a.example.com' },
    });
    expect(brandTagConfig({}, 'sandbox')).toBeNull();
    expect(brandTagConfig({ gtmId: 'GTM-A' }, 'off')).toBeNull();
  });

  it('defaults to the stand-ins in the sandbox and to none in production, and refuses an unknown ANALYTICS_TAGS with what to write', () => {
    const switchBefore = process.env.PLATFORM_ENABLE_SANDBOX_ADMIN;
    try {
      process.env.PLATFORM_ENABLE_SANDBOX_ADMIN = '1';
      expect(analyticsTagsMode(undefined)).toBe('sandbox');
      process.env.PLATFORM_ENABLE_SANDBOX_ADMIN = '0';
      expect(analyticsTagsMode(undefined)).toBe('off');
    } finally {
      if (switchBefore === undefined) delete process.env.PLATFORM_ENABLE_SANDBOX_ADMIN;
      else process.env.PLATFORM_ENABLE_SANDBOX_ADMIN = switchBefore;
    }
    expect(analyticsTagsMode(' real ')).toBe('real');
    expect(() => analyticsTagsMode('on')).toThrow('write sandbox (the platform\'s stand-ins, the sandbox\'s default), real (the vendors\' scripts) or off');
  });

  it('loads the stand-ins in sandbox mode and the vendors\' scripts in real mode', () => {
    const config: TagConfig = { mode: 'sandbox', gtm: 'GTM-A', gtag: ['G-B'], fullstory: 'o-1', adform: { id: '27', host: 'a.example.com' } };
    expect(configuredTags(config).map((tag) => tagScriptUrl(config, tag))).toEqual([
      '/platform/tags/gtm.js?id=GTM-A', '/platform/tags/gtag/js?id=G-B', '/platform/tags/fullstory/fs.js', '/platform/tags/adform/trackpoint-async.js',
    ]);
    const real = { ...config, mode: 'real' as const };
    expect(configuredTags(real).map((tag) => tagScriptUrl(real, tag))).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-A', 'https://www.googletagmanager.com/gtag/js?id=G-B', 'https://edge.fullstory.com/s/fs.js', 'https://a.example.com/banners/scripts/st/trackpoint-async.js',
    ]);
    expect(configuredTags({ mode: 'sandbox', adform: { id: '1' } })).toEqual(['adform']);
  });

  it('sets each tag up as its vendor snippet does, with Google consent mode from the consent', () => {
    const config: TagConfig = { mode: 'sandbox', gtag: ['G-B', 'UA-1-1'], adform: { id: '27' }, fullstory: 'o-"1' };
    expect(consentMode({ analytics: true, marketing: false })).toEqual({ analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
    const gtag = tagSetup(config, 'gtag', { analytics: true, marketing: false });
    expect(gtag).toContain(`gtag('consent','default',{"analytics_storage":"granted","ad_storage":"denied"`);
    expect(gtag).toContain(`gtag('config',"G-B");gtag('config',"UA-1-1");`);
    expect(tagSetup(config, 'adform', { analytics: false, marketing: true })).toContain('pm:"27"');
    // Ids are written as JSON strings: a quote cannot end the script's string.
    expect(tagSetup(config, 'fullstory', { analytics: true, marketing: false })).toContain('window._fs_org="o-\\"1"');
  });
});

describe('attribution', () => {
  it('reads the UTM values and the affiliate of a landing address', () => {
    expect(campaignFrom('?utm_source=news&utm_medium=email&utm_campaign=x&utm_term=&utm_content=c&other=1')).toEqual({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'x', utm_content: 'c' });
    expect(campaignFrom(`?utm_source=${'s'.repeat(300)}`).utm_source).toHaveLength(100);
    expect(affiliateFrom('?aff=p-7&affToken=t1')).toEqual({ id: 'p-7', token: 't1' });
    expect(affiliateFrom('?aff=p-7')).toEqual({ id: 'p-7' });
    expect(affiliateFrom('?affToken=t1')).toBeNull();
  });

  it('reads a kept affiliate, and nothing from a broken cookie', () => {
    expect(storedAffiliate('{"id":"p-7","token":"t"}')).toEqual({ id: 'p-7', token: 't' });
    expect(storedAffiliate('{"id":""}')).toBeNull();
    expect(storedAffiliate('not json')).toBeNull();
    expect(storedAffiliate(undefined)).toBeNull();
  });

  it('names the sign-in method by the handler route', () => {
    expect(signInMethodOf('/en/trustly-login-handler/')).toBe('TRUSTLY');
    expect(signInMethodOf('/fi/keycloak-login-handler/')).toBe('KEYCLOAK');
    expect(signInMethodOf('/en/piq-login-handler')).toBe('PIQ');
    expect(signInMethodOf('/en/login-handler/')).toBe('SMS');
  });
});
