/** The embedded platform's sandbox operator key in the suite: every browser context and request sends it. */
export const E2E_SANDBOX_KEY = process.env.PLATFORM_SANDBOX_KEY || 'e2e-sandbox-operator-key';

/** The header that presents it (the suite plays the tester: LATE notifications, the SMS outbox, country override). */
export const SANDBOX_KEY_HEADERS = { 'x-sandbox-key': E2E_SANDBOX_KEY };
