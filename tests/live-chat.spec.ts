/**
 * Live chat end to end against the platform's sandbox widget: the button sits in the layout where
 * the brand turns the chat on (aurelia), never on the sports route nor where the brand does not;
 * the provider's script loads only on the first click, retries 3 times 500 ms apart and shows an
 * error state when it cannot load; a visitor chats as a guest and a signed-in player is signed in
 * with the generateZendeskToken JWT; without the preferences consent the button asks for it first,
 * and taking it back forgets the chat; the chat is keyboard-operable, axe-clean, in the page's
 * language and fits a phone.
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForLiveChat } from './support/hydration.ts';
import { freshPlayer } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

const chatFrame = (page: Page) => page.frameLocator('iframe[name="atrium-live-chat-frame"]');

/** The suite's visitors answered "Only necessary"; the chat needs preferences, as a visitor who allowed it. */
async function allowPreferences(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'consent', value: encodeURIComponent('necessary,preferences,policy:2026-11'), url: brandOrigin('aurelia') }]);
}

test.describe('live chat', () => {
  test('a visitor opens the chat from the button, talks to the sandbox agent, and closes it with the keyboard', async ({ page }) => {
    await allowPreferences(page);
    const scripts: string[] = [];
    const chatCode: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/platform/live-chat/widget.js')) scripts.push(request.url());
      if (/\/mount-live-chat\.[\w-]+\.js$/.test(request.url())) chatCode.push(request.url());
    });
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    const button = page.getByRole('button', { name: 'Chat with us' });
    await expect(button).toBeVisible();
    // Nothing of the provider loads before the visitor asks, nor the chat's own code: the button
    // is server markup, not an island that every page would hydrate.
    await waitForLiveChat(page);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(chatCode).toEqual([]);
    await expect(page.locator('astro-island', { has: button })).toHaveCount(0);

    await button.focus();
    // Reaching the button fetches the chat's code ahead of the click.
    await expect.poll(() => chatCode.length).toBe(1);
    await page.keyboard.press('Enter');
    const chat = page.getByRole('dialog', { name: 'Chat with us' });
    await expect(chat).toBeVisible();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('locale=en');
    await expect(button).toBeHidden();
    await expect(chatFrame(page).getByTestId('chat-identity')).toHaveText('You are chatting as a guest.');
    await chatFrame(page).getByLabel('Your message').fill('How do I verify my account?');
    await chatFrame(page).getByRole('button', { name: 'Send' }).click();
    await expect(chatFrame(page).getByText('How do I verify my account?')).toBeVisible();
    await expect(chatFrame(page).getByText('Thanks for your message. An agent will answer here shortly.')).toBeVisible();
    expect(await seriousViolations(page, { include: '#atrium-live-chat' })).toEqual([]);

    await page.getByRole('button', { name: 'Close chat' }).focus();
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await expect(button).toBeFocused();
    // Opening it again keeps the conversation and loads nothing more.
    await button.click();
    await expect(chatFrame(page).getByText('How do I verify my account?')).toBeVisible();
    expect(scripts).toHaveLength(1);
  });

  test('a signed-in player is signed into the chat with the platform’s JWT', async ({ page }) => {
    await allowPreferences(page);
    await freshPlayer(page, 'aurelia', '+358');
    await expect(page.getByTestId('balance')).toBeVisible();
    const button = page.getByRole('button', { name: 'Chat with us' });
    await waitForLiveChat(page);
    await button.click();
    await expect(chatFrame(page).getByTestId('chat-identity')).toHaveText(/^Signed in as \S/);
  });

  test('a script that will not load is tried 3 times 500 ms apart, removed, and the button says the chat is unavailable', async ({ page }) => {
    await allowPreferences(page);
    const attempts: number[] = [];
    await page.route('**/platform/live-chat/widget.js*', async (route) => {
      attempts.push(Date.now());
      await route.abort('connectionrefused');
    });
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    const button = page.getByRole('button', { name: 'Chat with us' });
    await waitForLiveChat(page);
    await button.click();
    const failed = page.getByRole('button', { name: 'Chat unavailable. Try again' });
    await expect(failed).toBeVisible();
    await expect(failed).toHaveAttribute('data-state', 'error');
    expect(attempts).toHaveLength(3);
    for (let index = 1; index < attempts.length; index += 1) expect(attempts[index]! - attempts[index - 1]!).toBeGreaterThanOrEqual(450);
    await expect(page.locator('#atrium-live-chat-script')).toHaveCount(0);
    // Once the provider is back, a click tries again and opens the chat.
    await page.unroute('**/platform/live-chat/widget.js*');
    await failed.click();
    await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
  });

  test('the chat speaks the page’s language and fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await allowPreferences(page);
    await page.goto(`${brandOrigin('aurelia')}/fi/`);
    const button = page.getByRole('button', { name: 'Keskustele kanssamme' });
    await waitForLiveChat(page);
    await button.click();
    const chat = page.getByRole('dialog', { name: 'Keskustele kanssamme' });
    await expect(chat).toBeVisible();
    await expect(chatFrame(page).getByLabel('Viestisi')).toBeVisible();
    const box = (await chat.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await seriousViolations(page, { include: '#atrium-live-chat' })).toEqual([]);
  });

  test('without the preferences consent the button asks for it first; taking it back closes the chat and forgets it', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/platform/live-chat/widget.js')) scripts.push(request.url()); });
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    const button = page.getByRole('button', { name: 'Chat with us' });
    await waitForLiveChat(page);
    await button.click();
    const ask = page.getByTestId('live-chat-consent');
    await expect(ask).toContainText('Allow preference cookies to chat?');
    await expect(ask.getByRole('button', { name: 'Allow and chat' })).toBeFocused();
    expect(await seriousViolations(page, { include: '[data-testid="live-chat-consent"]' })).toEqual([]);
    // Not now: nothing loads, the button is back with the focus.
    await ask.getByRole('button', { name: 'Not now' }).click();
    await expect(button).toBeFocused();
    expect(scripts).toEqual([]);
    // Allow and chat: the consent is saved with preferences, and the chat opens.
    await button.click();
    await page.getByRole('button', { name: 'Allow and chat' }).click();
    await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
    expect(decodeURIComponent((await page.context().cookies(page.url())).find((cookie) => cookie.name === 'consent')?.value ?? '')).toMatch(/preferences/);
    await chatFrame(page).getByLabel('Your message').fill('Keep this between us');
    await chatFrame(page).getByRole('button', { name: 'Send' }).click();
    await expect(chatFrame(page).getByText('Keep this between us')).toBeVisible();
    // Taking preferences back in the cookie settings closes the chat and forgets the conversation.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Cookie settings' });
    await settings.getByRole('switch', { name: /Preferences/ }).click();
    await settings.getByRole('button', { name: 'Save choices' }).click();
    await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeHidden();
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'atrium_chat')).toBe(false);

    // A conversation from an earlier page is forgotten too, without loading the provider again.
    await allowPreferences(page);
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    await waitForLiveChat(page);
    await button.click();
    await chatFrame(page).getByLabel('Your message').fill('From an earlier page');
    await chatFrame(page).getByRole('button', { name: 'Send' }).click();
    await expect(chatFrame(page).getByText('From an earlier page')).toBeVisible();
    await page.reload();
    await waitForLiveChat(page);
    const loads = scripts.length;
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await settings.getByRole('switch', { name: /Preferences/ }).click();
    await settings.getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'atrium_chat')).toBe(false);
    expect(scripts).toHaveLength(loads);
  });

  test('no button on the sports route, nor on a brand without the chat', async ({ page }) => {
    await page.goto(`${brandOrigin('aurelia')}/en/sports/`);
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByTestId('live-chat-button')).toHaveCount(0);
    await page.goto(`${brandOrigin('kororaa')}/en/`);
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByTestId('live-chat-button')).toHaveCount(0);
    // The lobby itself has it once its islands are in.
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    await expect(page.getByTestId('live-chat-button')).toBeVisible();
  });
});
