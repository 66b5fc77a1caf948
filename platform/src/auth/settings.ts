/** Token lifetimes, SMS rules, the public URL of the identity provider and the sandbox switch. */

/** Settings for sessions, tokens, SMS login and the sandboxes (env names in platform/README.md). */
export interface AuthSettings {
  /** Access-token lifetime (PLATFORM_ACCESS_TOKEN_TTL_S). */
  accessTokenTtlSeconds: number;
  /** Refresh-token lifetime (PLATFORM_REFRESH_TOKEN_TTL_S). */
  refreshTokenTtlSeconds: number;
  /** How long an SMS code works (PLATFORM_SMS_CODE_TTL_S). */
  smsCodeTtlSeconds: number;
  /** Wait between two codes to the same number (PLATFORM_SMS_RESEND_COOLDOWN_S). */
  smsResendCooldownSeconds: number;
  /** Wrong guesses before a code is burnt. */
  smsMaxAttempts: number;
  /** Whether sandbox mode is on (PLATFORM_ENABLE_SANDBOX_ADMIN=1): its powers still need sandboxKey. */
  enableSandboxAdmin: boolean;
  /** The operator key every sandbox power asks for (PLATFORM_SANDBOX_KEY; see sandbox/gate.ts). */
  sandboxKey: string | null;
  /** Port of the lobby the browser sees, for the OpenID issuer (PLATFORM_PUBLIC_PORT). */
  publicPort: number;
  /** Scheme of that lobby, http or https (PLATFORM_PUBLIC_SCHEME). */
  publicScheme: 'http' | 'https';
}

/** The defaults: 5-minute access tokens, 30-day refresh tokens, 5-minute SMS codes. */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  accessTokenTtlSeconds: 300,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  smsCodeTtlSeconds: 300,
  smsResendCooldownSeconds: 30,
  smsMaxAttempts: 5,
  enableSandboxAdmin: false,
  sandboxKey: null,
  publicPort: 4321,
  publicScheme: 'http',
};

/** The public origin of a brand as the browser sees it: first host, public scheme and port. */
export function publicOrigin(settings: AuthSettings, host: string): string {
  const defaultPort = settings.publicScheme === 'https' ? 443 : 80;
  return `${settings.publicScheme}://${host}${settings.publicPort === defaultPort ? '' : `:${settings.publicPort}`}`;
}
