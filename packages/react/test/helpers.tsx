import axe from 'axe-core';
import { act } from '@testing-library/react';
import { vi, expect } from 'vitest';
import type { OAuthStartOptions, SessionTokens, VestibuleClient } from '@vestibule/client';
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '@vestibule/contract/oauth-providers';
import { loadLater } from '../src/later/load';
import type {
  IdpAuthorizeStartRequest,
  IdpAuthorizeStartResponse,
  IdpAuthorizeSubmitRequest,
  IdpAuthorizeSubmitResponse,
  IdpLogoutStartRequest,
  IdpLogoutStartResponse,
  Bootstrap,
  CryptoWalletsAuthenticateResponse,
  CryptoWalletType,
  DeviceSession,
  MagicLinkLoginOrCreateResponse,
  OAuthAuthenticateResponse,
  OtpLoginOrCreateResponse,
  PasswordStrengthCheckResponse,
  SessionResponse,
  User,
  UserType,
} from '@vestibule/contract';

export const BOOTSTRAP: Bootstrap = {
  emailDomains: ['mail.example.com'],
  passwordConfig: null,
  displayWatermark: false,
  projectName: 'Example Project',
  rbacPolicy: null,
};

export const USER: User = {
  user_id: 'user-test-1',
  status: 'active',
  created_at: '2024-01-01T00:00:00Z',
  emails: [{ email_id: 'email-1', email: 'ada@example.com', verified: true, primary: true }],
  phone_numbers: [],
  webauthn_registrations: [],
  crypto_wallets: [],
  oauth_accounts: [],
  password: null,
  totp: null,
};

/** This browser among the user's devices, signed in 17 days before `now` and active 5 minutes before it. */
export function thisDevice(now = Date.now()): DeviceSession {
  return {
    session_id: 'session-1',
    current: true,
    browser: 'Chrome 131',
    os: 'macOS 15',
    device_type: null,
    user_agent: 'Mozilla/5.0',
    ip_address: '203.0.113.7',
    sign_in_methods: ['otp'],
    started_at: new Date(now - 17 * 86_400_000).toISOString(),
    last_accessed_at: new Date(now - 5 * 60_000).toISOString(),
  };
}

export const SESSION_RESPONSE: SessionResponse = {
  status_code: 200,
  request_id: 'req-1',
  user_id: USER.user_id,
  user: USER,
  session: {
    session_id: 'session-1',
    user_id: USER.user_id,
    started_at: '2024-01-01T00:00:00Z',
    expires_at: '2024-01-01T00:30:00Z',
    last_accessed_at: '2024-01-01T00:00:00Z',
    authentication_factors: [],
  },
  session_token: 'token',
  session_jwt: 'jwt',
};

export const LOGIN_OR_CREATE_RESPONSE: MagicLinkLoginOrCreateResponse = {
  status_code: 200,
  request_id: 'req-2',
  user_id: USER.user_id,
  email_id: 'email-1',
  user_created: false,
};

export const OTP_SENT_RESPONSE: OtpLoginOrCreateResponse = {
  status_code: 200,
  request_id: 'req-3',
  user_id: USER.user_id,
  method_id: 'method-1',
  user_created: false,
};

/** A thrown API error shaped like the client's VestibuleApiError. */
export function apiError(error_type: string, error_message: string, status_code = 400) {
  return Object.assign(new Error(error_message), { error_type, error_message, status_code, request_id: 'req-e' });
}

export const STRENGTH_OK: PasswordStrengthCheckResponse = {
  status_code: 200,
  request_id: 'req-4',
  score: 4,
  feedback: { warning: '', suggestions: [], luds_requirements: null },
  valid_password: true,
  strength_policy: 'zxcvbn',
  breached_password: false,
};

export const OAUTH_SESSION_RESPONSE: OAuthAuthenticateResponse = { ...SESSION_RESPONSE, provider_type: 'google', provider_subject: 'google-sub-1' };

/** client.oauth: a start per provider (resolving as if the page had left) and the exchange. */
function fakeOAuth() {
  const providers = Object.fromEntries(OAUTH_PROVIDER_TYPES.map((type) => [type, { start: vi.fn(async (_options?: OAuthStartOptions) => undefined) }])) as {
    [P in OAuthProviderType]: { start: ReturnType<typeof vi.fn<(options?: OAuthStartOptions) => Promise<undefined>>> };
  };
  return {
    ...providers,
    authenticate: vi.fn(async (_token: string, _options?: { session_duration_minutes?: number }) => OAUTH_SESSION_RESPONSE),
    googleOneTap: {
      start: vi.fn(async (_options?: { login_redirect_url?: string; signup_redirect_url?: string }) => ONE_TAP_START),
      submit: vi.fn(async (_idToken: string, _options?: { nonce?: string; login_redirect_url?: string; signup_redirect_url?: string }) => ONE_TAP_SUBMIT),
    },
  };
}

/** What client.oauth.googleOneTap.start() answers by default: the stand-in script URL is the tests' own. */
/** What client.oauth.googleOneTap.submit() answers by default (the real one then sends the page there). */
export const ONE_TAP_SUBMIT = {
  status_code: 200 as const,
  request_id: 'req-onetap-submit',
  redirect_url: 'https://host.test/landing?vestibule_token_type=oauth&token=t-1',
};

export const ONE_TAP_START = {
  status_code: 200 as const,
  request_id: 'req-onetap',
  client_id: 'google-client',
  script_url: 'https://gsi.test/client',
  nonce: 'nonce-1',
};

/** What client.cryptoWallets.authenticateStart() answers by default: the message the wallet signs. */
export const WALLET_CHALLENGE = 'localhost wants you to sign in with your wallet.\n\nNonce: n0nce-1 ✓';

/** What client.cryptoWallets.authenticate() answers by default. */
export const WALLET_SESSION_RESPONSE: CryptoWalletsAuthenticateResponse = {
  ...SESSION_RESPONSE,
  crypto_wallet_id: 'crypto-wallet-1',
  crypto_wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  crypto_wallet_type: 'ethereum',
};

/** What client.idp.authorizeStart() answers by default: consent needed for the standard scopes. */
export const AUTHORIZE_START: IdpAuthorizeStartResponse = {
  status_code: 200,
  request_id: 'req-idp-start',
  consent_required: true,
  client: { client_id: 'client-1', client_name: 'Shop', client_type: 'public' },
  redirect_uri: 'https://shop.example.com/callback',
  scope_results: [
    { scope: 'openid', description: 'Verify your identity and view information stored within your account', is_grantable: true },
    { scope: 'email', description: 'View your email address', is_grantable: true },
    { scope: 'profile', description: 'View your personal profile information (name, picture and language)', is_grantable: true },
  ],
};

/** client.idp: authorize start and submit (a code and the state back to the relying party), logout start (confirmation asked). */
function fakeIdp() {
  return {
    authorizeStart: vi.fn(async (_request: IdpAuthorizeStartRequest): Promise<IdpAuthorizeStartResponse> => AUTHORIZE_START),
    authorizeSubmit: vi.fn(
      async (_request: IdpAuthorizeSubmitRequest): Promise<IdpAuthorizeSubmitResponse> => ({
        status_code: 200,
        request_id: 'req-idp-submit',
        redirect_uri: 'https://shop.example.com/callback?code=code-1&state=state-1',
      }),
    ),
    logoutStart: vi.fn(
      async (_request: IdpLogoutStartRequest): Promise<IdpLogoutStartResponse> => ({
        status_code: 200,
        request_id: 'req-idp-logout',
        consent_required: true,
        redirect_uri: 'https://shop.example.com/?state=state-1',
      }),
    ),
  };
}

const USER_RESPONSE = { status_code: 200 as const, request_id: 'req-account', ...USER };
const OK = { status_code: 200 as const, request_id: 'req-ok' };
const CODE_SENT = { status_code: 200 as const, request_id: 'req-code', sent_to: 'ada@example.com', expires_at: '2026-01-01T00:05:00Z' };

/** client.account: each call answers plausibly (the User as it is, a code sent, this device alone). */
function fakeAccount() {
  return {
    emailStart: vi.fn(async (_request: { email: string }) => CODE_SENT),
    emailAdd: vi.fn(async (_request: { email: string; code: string }) => USER_RESPONSE),
    emailPrimary: vi.fn(async (_request: { email_id: string }) => USER_RESPONSE),
    emailRemove: vi.fn(async (_request: { email_id: string }) => USER_RESPONSE),
    phoneStart: vi.fn(async (_request: { phone_number: string; channel?: 'sms' | 'whatsapp' }) => CODE_SENT),
    phoneAdd: vi.fn(async (_request: { phone_number: string; code: string }) => USER_RESPONSE),
    phonePrimary: vi.fn(async (_request: { phone_id: string }) => USER_RESPONSE),
    phoneRemove: vi.fn(async (_request: { phone_id: string }) => USER_RESPONSE),
    passwordSet: vi.fn(async (_request: { password: string; current_password?: string; sign_out_other_devices?: boolean }) => USER_RESPONSE),
    passwordRemove: vi.fn(async () => USER_RESPONSE),
    oauthLinkStart: vi.fn(async (_request: { provider: OAuthProviderType }) => ({ ...OK, link_token: 'link-token-1' })),
    oauthDisconnect: vi.fn(async (_request: { provider_type: OAuthProviderType; provider_subject: string }) => USER_RESPONSE),
    walletLink: vi.fn(async (_request: { crypto_wallet_address: string; crypto_wallet_type: CryptoWalletType; signature: string }) => USER_RESPONSE),
    walletRemove: vi.fn(async (_request: { crypto_wallet_id: string }) => USER_RESPONSE),
    sessions: vi.fn(async () => ({ ...OK, sessions: [] as DeviceSession[] })),
    sessionRevoke: vi.fn(async (_request: { session_id: string }) => OK),
    sessionRevokeOthers: vi.fn(async () => ({ ...OK, revoked: 0 })),
    updateUntrustedMetadata: vi.fn(async (_request: { untrusted_metadata: Record<string, unknown> }) => USER_RESPONSE),
    delete: vi.fn(async (_request: { confirmation: string }) => OK),
    totpCreate: vi.fn(async () => ({ ...OK, secret: TOTP_SECRET, otpauth_uri: TOTP_URI })),
    totpEnrol: vi.fn(async (_request: { code: string }) => ({ ...USER_RESPONSE, recovery_codes: RECOVERY_CODES })),
    totpDelete: vi.fn(async () => USER_RESPONSE),
    recoveryCodes: vi.fn(async () => ({ ...OK, recovery_codes: RECOVERY_CODES })),
  };
}

/** A key and its otpauth URI as the server answers them (base32, RFC 6238 defaults). */
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const TOTP_URI = `otpauth://totp/Acme:ada%40example.com?issuer=Acme&secret=${TOTP_SECRET}&algorithm=SHA1&digits=6&period=30`;
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd-ef${String(i).padStart(2, '0')}`);

/** client.twoStep: the second step of a sign-in held back for it, or proven again on the session (confirm); each call answers a session. */
function fakeTwoStep() {
  return {
    authenticate: vi.fn(async (_request: { code: string; session_duration_minutes?: number }) => SESSION_RESPONSE),
    authenticateWithRecoveryCode: vi.fn(async (_request: { recovery_code: string; session_duration_minutes?: number }) => ({
      ...SESSION_RESPONSE,
      recovery_codes_remaining: 9,
    })),
    create: vi.fn(async () => ({ ...OK, secret: TOTP_SECRET, otpauth_uri: TOTP_URI })),
    enrol: vi.fn(async (_request: { code: string; session_duration_minutes?: number }) => ({ ...SESSION_RESPONSE, recovery_codes: RECOVERY_CODES })),
    confirm: vi.fn(async (_request: { code: string; session_duration_minutes?: number }) => SESSION_RESPONSE),
    confirmWithRecoveryCode: vi.fn(async (_request: { recovery_code: string; session_duration_minutes?: number }) => ({
      ...SESSION_RESPONSE,
      recovery_codes_remaining: 9,
    })),
  };
}

export interface FakeClientOptions {
  bootstrap?: Partial<Bootstrap>;
  freshBootstrap?: Partial<Bootstrap>;
  user?: User | null;
}

/** A fake VestibuleClient: every method a vi.fn, calls resolving with plausible answers. */
export function fakeClient(options: FakeClientOptions = {}) {
  const bootstrap = { ...BOOTSTRAP, ...options.bootstrap };
  const fresh = { ...bootstrap, ...options.freshBootstrap };
  const client = {
    publicToken: 'public-token-test-fake',
    baseUrl: 'http://localhost:8787',
    magicLinks: {
      email: { loginOrCreate: vi.fn(async () => LOGIN_OR_CREATE_RESPONSE) },
      authenticate: vi.fn(async (_token: string, _options?: object) => SESSION_RESPONSE),
      preview: vi.fn(async () => ({ status_code: 200 as const, request_id: 'request-test', email: 'opener@example.com' })),
    },
    otps: {
      email: { loginOrCreate: vi.fn(async (_email: string, _options?: object) => OTP_SENT_RESPONSE) },
      sms: { loginOrCreate: vi.fn(async (_phone: string, _options?: object) => OTP_SENT_RESPONSE) },
      whatsapp: { loginOrCreate: vi.fn(async (_phone: string, _options?: object) => OTP_SENT_RESPONSE) },
      authenticate: vi.fn(async (_code: string, _methodId: string, _options?: object) => SESSION_RESPONSE),
    },
    users: {
      search: vi.fn(async (_email: string): Promise<{ userType: UserType }> => ({ userType: 'new' })),
    },
    passwords: {
      strengthCheck: vi.fn(async (_request: { password: string; email?: string }) => STRENGTH_OK),
      create: vi.fn(async (_request: { email: string; password: string; session_duration_minutes?: number }) => SESSION_RESPONSE),
      authenticate: vi.fn(async (_request: { email: string; password: string; session_duration_minutes?: number }) => SESSION_RESPONSE),
      resetByEmailStart: vi.fn(async (_options: { email: string } & Record<string, unknown>) => ({
        status_code: 200 as const,
        request_id: 'req-5',
      })),
      checkResetToken: vi.fn(async (_token: string) => ({ email: 'ada@example.com' })),
      resetByEmail: vi.fn(async (_request: { token: string; password: string; session_duration_minutes?: number }) => SESSION_RESPONSE),
    },
    webauthn: {
      browserSupportsAutofill: vi.fn(async () => false),
      register: vi.fn(async (_options?: { is_passkey?: boolean; session_duration_minutes?: number }) => ({
        ...SESSION_RESPONSE,
        webauthn_registration_id: 'webauthn-registration-1',
      })),
      authenticate: vi.fn(
        async (_options?: { is_passkey?: boolean; email?: string; conditional_mediation?: boolean; signal?: AbortSignal; session_duration_minutes?: number }) =>
          SESSION_RESPONSE,
      ),
      update: vi.fn(async ({ webauthn_registration_id, name }: { webauthn_registration_id: string; name: string }) => ({
        status_code: 200 as const,
        request_id: 'req-7',
        webauthn_registration: { webauthn_registration_id, name, created_at: '2026-11-23T00:00:00.000Z' },
      })),
      delete: vi.fn(async (_id: string) => ({ status_code: 200 as const, request_id: 'req-8', user_id: 'user-1' })),
    },
    oauth: fakeOAuth(),
    cryptoWallets: {
      authenticateStart: vi.fn(async (_request: { crypto_wallet_address: string; crypto_wallet_type: CryptoWalletType; chain_id?: number }) => ({
        status_code: 200 as const,
        request_id: 'req-crypto-start',
        challenge: WALLET_CHALLENGE,
      })),
      authenticate: vi.fn(
        async (_request: { crypto_wallet_address: string; crypto_wallet_type: CryptoWalletType; signature: string; session_duration_minutes?: number }) =>
          WALLET_SESSION_RESPONSE,
      ),
    },
    idp: fakeIdp(),
    twoStep: fakeTwoStep(),
    account: fakeAccount(),
    session: {
      getSync: vi.fn(() => null),
      getTokens: vi.fn((): SessionTokens | null => null),
      authenticate: vi.fn(async () => SESSION_RESPONSE),
      revoke: vi.fn(async () => undefined),
      attest: vi.fn(async (_request: { profile_id: string; token: string; session_duration_minutes?: number }) => SESSION_RESPONSE),
      onChange: vi.fn((_callback: (session: SessionResponse['session'] | null) => void) => (): void => undefined),
    },
    user: {
      getSync: vi.fn((): User | null => (options.user === undefined ? null : options.user)),
      get: vi.fn(async () => USER),
      onChange: vi.fn((_callback: (user: User | null) => void) => (): void => undefined),
    },
    bootstrap: {
      getSync: vi.fn(() => bootstrap),
      getAsync: vi.fn(async () => fresh),
      isKnown: vi.fn(() => true),
    },
    events: {
      log: vi.fn(),
      flush: vi.fn(async () => undefined),
    },
    destroy: vi.fn(),
  } satisfies VestibuleClient;
  // session.attest (the identity provider's session guard) is not in the client yet: beside the checked literal.
  const session = Object.assign(client.session, {
    attest: vi.fn(async (_request: { profile_id: string; token: string; session_duration_minutes: number }) => SESSION_RESPONSE),
  });
  return Object.assign(client, { session });
}

export type FakeClient = ReturnType<typeof fakeClient>;

/** Names of the events logged so far, in order. */
export function loggedNames(client: FakeClient): string[] {
  return client.events.log.mock.calls.map((call) => (call as unknown[])[0] as string);
}

/** axe-core finds no accessibility violations in the element. */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const results = await axe.run(element, {
    rules: {
      // A widget is a fragment of the host's page: landmarks and page title are the host's job.
      region: { enabled: false },
    },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * What the widget fetches after its first paint (the later texts and styles, the toasts, the banner), fetched
 * now: for tests that draw later screens directly and read toasts at once under fake timers.
 */
export async function loadWhatComesLater(): Promise<void> {
  await Promise.all([loadLater(), import('../src/parts/toast/ToastList'), import('../src/parts/Banner')]);
}

/**
 * Lets a frame be painted: what the widget starts once it has painted (src/later/afterPaint.ts)
 * has started when this resolves.
 */
export async function nextPaint(): Promise<void> {
  await act(() => new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0))));
}
