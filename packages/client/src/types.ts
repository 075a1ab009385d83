/**
 * The public surface of the headless client. The widgets (packages/react) are written against
 * these interfaces only; src/client.ts implements them.
 */
import type {
  AccountCodeSentResponse,
  AccountDeleteRequest,
  AccountEmailAddRequest,
  AccountEmailIdRequest,
  AccountEmailStartRequest,
  AccountOAuthDisconnectRequest,
  AccountOAuthLinkStartRequest,
  AccountOAuthLinkStartResponse,
  AccountPasswordRequest,
  AccountPhoneAddRequest,
  AccountPhoneIdRequest,
  AccountPhoneStartRequest,
  AccountRevokeOthersResponse,
  AccountSessionRevokeRequest,
  AccountSessionsResponse,
  AccountTotpEnrolRequest,
  AccountTotpEnrolResponse,
  AccountUntrustedMetadataRequest,
  AccountWalletIdRequest,
  AccountWalletLinkRequest,
  Bootstrap,
  CryptoWalletsAuthenticateResponse,
  CryptoWalletsAuthenticateStartResponse,
  CryptoWalletType,
  ErrorType,
  IntermediateSessionResponse,
  IdpAuthorizeStartRequest,
  IdpAuthorizeStartResponse,
  IdpAuthorizeSubmitRequest,
  IdpAuthorizeSubmitResponse,
  IdpLogoutStartRequest,
  IdpLogoutStartResponse,
  LoggedEventName,
  MagicLinkLoginOrCreateResponse,
  MagicLinkPreviewResponse,
  OAuthAuthenticateResponse,
  OAuthOneTapStartResponse,
  OAuthOneTapSubmitResponse,
  OkResponse,
  OtpLoginOrCreateResponse,
  PasswordStrengthCheckResponse,
  RecoveryCodeAuthenticateResponse,
  RecoveryCodesResponse,
  Session,
  SessionResponse,
  SignInResponse,
  TotpCreateResponse,
  TotpEnrolResponse,
  User,
  RouteResponse,
  UserType,
  WebAuthnDeleteResponse,
  WebAuthnRegisterResponse,
  WebAuthnUpdateResponse,
} from '@vestibule/contract';
import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';

/** A change's answer on the account page: the User as it now is, with the call's status_code and request_id. */
export type UserResponse = RouteResponse<'GET /sdk/v1/users/me'>;

export interface CookieOptions {
  /** Cookie holding the opaque session token. Default 'vestibule_session'. */
  opaqueTokenCookieName?: string;
  /** Cookie holding the session JWT. Default 'vestibule_session_jwt'. */
  jwtCookieName?: string;
  /** Cookie holding the intermediate session token. Default 'vestibule_intermediate_session_token'. */
  istCookieName?: string;
  path?: string;
  /** Explicit cookie domain; when unset the cookie is host-only. */
  domain?: string;
}

export interface ClientOptions {
  /** 'public-token-test-…' or 'public-token-live-…'. */
  publicToken: string;
  /**
   * The Vestibule server. Default for a test token: 'http://localhost:8787'. A live token has no
   * default and must name one.
   */
  apiBaseUrl?: string;
  /**
   * A custom API domain on the host's own site (same-site, so the server may keep the session in
   * cookies the script cannot read). When set it replaces apiBaseUrl, and the client does not
   * destroy the session at start for want of a readable session cookie.
   */
  customApiDomain?: string;
  cookieOptions?: CookieOptions;
  /** Injected for tests; defaults to globalThis.fetch. */
  fetch?: typeof fetch;
}

/** Session fields the spec names, as kept in the client. */
export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}

/** What the session manager keeps per public token in local storage. */
export interface SessionState {
  user: User;
  session: Session;
}

export interface MagicLinkEmailOptions {
  loginMagicLinkUrl?: string;
  signupMagicLinkUrl?: string;
  loginExpirationMinutes?: number;
  signupExpirationMinutes?: number;
  createUserAsPending?: boolean;
  /** BCP 47 language of the email, e.g. 'de' (the widget sends its own); others fall back to English. */
  locale?: string;
}

/** Options of an email passcode; sent snake_case. */
export interface OtpEmailOptions {
  /** Minutes the code stays valid; the server's default is 5. */
  expirationMinutes?: number;
  /** Which wording the email to a known user uses. */
  loginTemplateId?: string;
  /** Which wording the email to a new user uses. */
  signupTemplateId?: string;
  /** BCP 47 language of the message, e.g. 'en'. */
  locale?: string;
}

/** Options of a text-message or WhatsApp passcode; sent snake_case. */
export interface OtpPhoneOptions {
  expirationMinutes?: number;
  locale?: string;
}

export interface SessionDurationOptions {
  /** Default 30. */
  session_duration_minutes?: number;
}

export interface MagicLinkAuthenticateOptions extends SessionDurationOptions {
  /** The person chose to sign in here, away from the browser that asked for the link. */
  confirmed?: boolean;
}

/** Options of passwords.resetByEmailStart; sent snake_case. */
export interface PasswordResetByEmailStartOptions {
  email: string;
  /** Where the reset link leads (the password-reset mount); on the project's reset allowlist. */
  resetPasswordRedirectUrl?: string;
  /** Minutes the reset link stays valid; the server's default is 30. */
  resetPasswordExpirationMinutes?: number;
  /** Where a 'Login without a password' magic link leads. */
  loginRedirectUrl?: string;
  loginExpirationMinutes?: number;
  /** BCP 47 language of the email, e.g. 'de'; others fall back to English. */
  locale?: string;
}

/** Options of an OAuth start, sent in the start URL's query. */
export interface OAuthStartOptions {
  /** Where the server sends a known user back with the token; on the project's login allowlist (else its first entry). */
  login_redirect_url?: string;
  /** Same, for a user the sign-in creates. */
  signup_redirect_url?: string;
  /** Scopes asked for besides the provider's defaults. */
  custom_scopes?: string[];
  /** Extra query parameters for the provider's authorization page (e.g. { prompt: 'select_account' }). */
  provider_params?: Record<string, string>;
  /**
   * From account.oauthLinkStart: the flow connects the provider account to the signed-in user
   * instead of signing in. It lands on login_redirect_url (the account page), where
   * oauth.authenticate(token), called with the user's session, links the account.
   */
  link_token?: string;
}

export interface PasswordCredentials extends SessionDurationOptions {
  email: string;
  password: string;
}

export type Unsubscribe = () => void;

export interface VestibuleClient {
  readonly publicToken: string;
  /** The API base every call goes to (customApiDomain if set, else apiBaseUrl). */
  readonly baseUrl: string;

  magicLinks: {
    email: {
      /** The link is bound to this browser (a PKCE verifier kept in localStorage): see authenticate. */
      loginOrCreate(email: string, options?: MagicLinkEmailOptions): Promise<MagicLinkLoginOrCreateResponse>;
    };
    /**
     * Signs in with a link's token: at once in the browser that asked for it; anywhere else (a mail
     * filter's too) a link asked for through this client fails with magic_link_unconfirmed and
     * stays live, until called with `confirmed` after the person agreed ('Continue as …', the
     * address from preview).
     * A user with two-step verification gets an intermediate session (twoStep carries on).
     */
    authenticate(token: string, options?: MagicLinkAuthenticateOptions): Promise<SignInResponse>;
    /** The address a live link went to, without using it. */
    preview(token: string): Promise<MagicLinkPreviewResponse>;
  };

  otps: {
    email: {
      loginOrCreate(email: string, options?: OtpEmailOptions): Promise<OtpLoginOrCreateResponse>;
    };
    sms: {
      /** phoneNumber in international E.164 form, e.g. '+15005550006'. */
      loginOrCreate(phoneNumber: string, options?: OtpPhoneOptions): Promise<OtpLoginOrCreateResponse>;
    };
    whatsapp: {
      /** phoneNumber in international E.164 form. */
      loginOrCreate(phoneNumber: string, options?: OtpPhoneOptions): Promise<OtpLoginOrCreateResponse>;
    };
    /** Checks the 6-digit code sent to methodId; on success the session is stored like a magic link's. */
    authenticate(code: string, methodId: string, options?: SessionDurationOptions): Promise<SignInResponse>;
  };

  users: {
    /** Which kind of account an email has: 'new' (none), 'password' or 'passwordless'. */
    search(email: string): Promise<{ userType: UserType }>;
  };

  passwords: {
    /** Scores a password on the server (zxcvbn or LUDS, plus the breached check). */
    strengthCheck(request: { password: string; email?: string }): Promise<PasswordStrengthCheckResponse>;
    /** Creates a user with a password; the session is stored like a magic link's. */
    create(request: PasswordCredentials): Promise<SignInResponse>;
    /** Logs in with a password; the session is stored like a magic link's. */
    authenticate(request: PasswordCredentials): Promise<SignInResponse>;
    /** Emails a reset link (and, with loginRedirectUrl, a login link). */
    resetByEmailStart(options: PasswordResetByEmailStartOptions): Promise<OkResponse>;
    /** Whether an emailed reset token still works, without using it; rejects with invalid_reset_token when it does not. */
    checkResetToken(token: string): Promise<{ email: string }>;
    /** Sets a new password with the emailed token; the session is stored. */
    resetByEmail(request: { token: string; password: string } & SessionDurationOptions): Promise<SignInResponse>;
  };

  /** Passkeys (WebAuthn). The browser's part loads on the first call. */
  webauthn: {
    /** Whether this browser offers passkeys in the autofill of an input (conditional mediation). */
    browserSupportsAutofill(): Promise<boolean>;
    /**
     * Creates a passkey for the signed-in user (the browser asks them) and stores it on the server;
     * the session gains the webauthn factor and, like every sign-in, lasts session_duration_minutes
     * from now (30 by default). Needs a session. Rejects with the browser's
     * WebAuthnError (code ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED for a passkey this
     * authenticator already holds, ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY or NotAllowedError when
     * the user cancels) or a VestibuleApiError.
     */
    register(options?: { is_passkey?: boolean } & SessionDurationOptions): Promise<WebAuthnRegisterResponse>;
    /**
     * Signs in with a passkey: a browser dialog, or with conditional_mediation the autofill of an
     * input with autocomplete 'username webauthn' (it waits until the user picks one). The signal
     * cancels the ceremony. The session is stored like a magic link's. With `email`
     * (identifier-first), the browser is offered only that address's passkeys.
     */
    authenticate(
      options?: { is_passkey?: boolean; email?: string; conditional_mediation?: boolean; signal?: AbortSignal } & SessionDurationOptions,
    ): Promise<SignInResponse>;
    /** Renames one of the user's passkeys; the cached user is refreshed. */
    update(request: { webauthn_registration_id: string; name: string }): Promise<WebAuthnUpdateResponse>;
    /** Deletes one of the user's passkeys; the cached user is refreshed. */
    delete(webauthn_registration_id: string): Promise<WebAuthnDeleteResponse>;
  };

  /**
   * Social sign-in, one entry per provider type. start() leaves the page for
   * the provider; the server sends the browser back to the redirect URL with
   * `vestibule_token_type=oauth&token=…` (or `&error_type=oauth_flow_callback_error`), where
   * authenticate(token) signs in.
   */
  oauth: { [P in OAuthProviderType]: { start(options?: OAuthStartOptions): Promise<void> } } & {
    /**
     * Exchanges the landing page's token, with the PKCE verifier this browser kept when it started
     * the flow, for a session (stored like a magic link's). Rejects with oauth_token_not_found when
     * the token is unknown, used or expired, or this browser did not start the flow.
     */
    authenticate(token: string, options?: SessionDurationOptions): Promise<OAuthAuthenticateResponse | IntermediateSessionResponse>;
    /**
     * Google one-tap. start() asks the server for what Google Identity Services' initialize()
     * needs (client_id, a one-time nonce) and where to load the script from. submit() sends the
     * credential (an ID token) the prompt's callback received; the server verifies it against
     * Google's JWKS and answers the host's login (or, for a new user, signup) redirect URL with a
     * one-time token, and submit() sends the browser there, where authenticate() exchanges the
     * token as after a button's flow.
     */
    googleOneTap: {
      start(options?: { login_redirect_url?: string; signup_redirect_url?: string }): Promise<OAuthOneTapStartResponse>;
      submit(idToken: string, options?: { nonce?: string; login_redirect_url?: string; signup_redirect_url?: string }): Promise<OAuthOneTapSubmitResponse>;
    };
  };

  /**
   * Crypto wallets (Ethereum and Solana families). The page's wallet code gets the address and
   * the signature; these calls only carry them.
   */
  cryptoWallets: {
    /**
     * The sign-in message (`challenge`) for the wallet to sign as it is: Ethereum wallets with
     * personal_sign, Solana wallets with signMessage over its UTF-8 bytes. It works once, for 10
     * minutes, and only from this client (PKCE: the verifier stays here for authenticate); this
     * client's next start for the same wallet replaces it, anyone else's does not. `chain_id`
     * (Ethereum): the chain the wallet is on (eth_chainId), which the message names. Rejects with
     * invalid_crypto_wallet_address when the address is not one of its type, unsupported_crypto_chain
     * when the project does not accept the chain (its message names the chains to switch to).
     */
    authenticateStart(request: {
      crypto_wallet_address: string;
      crypto_wallet_type: CryptoWalletType;
      chain_id?: number;
    }): Promise<CryptoWalletsAuthenticateStartResponse>;
    /**
     * Sends the signature (Ethereum: 0x and 130 hex digits; Solana: base58) and signs in (the
     * session is stored like a magic link's); a wallet seen for the first time makes a new user,
     * or joins the signed-in user. Rejects with invalid_crypto_signature (not this wallet's
     * signature of its message) or crypto_challenge_not_found (expired, used or replaced: start
     * again). Call it on the client whose authenticateStart handed out the message.
     */
    authenticate(
      request: { crypto_wallet_address: string; crypto_wallet_type: CryptoWalletType; signature: string } & SessionDurationOptions,
    ): Promise<CryptoWalletsAuthenticateResponse | IntermediateSessionResponse>;
  };

  /**
   * The account page's calls: the signed-in person manages their own ways in, their devices and
   * their account. Each needs a session. Adding or removing a way in, a new password, signing
   * devices out and deleting the account need a recent sign-in: otherwise they reject with
   * reauthentication_required (403); sign in again with the same session (a passkey, a passcode to
   * one of the user's addresses or numbers, the password), which adds the factor to it, then send
   * the change again. Removing the last way in rejects with last_way_in. Every answer that carries
   * the User replaces the cached user (user.getSync, user.onChange); a 401 (this device was signed
   * out) clears the local session.
   */
  account: {
    /** Sends a 6-digit passcode to an address to add (or to verify one the user has). Rejects with email_already_taken (another user's), email_already_added. */
    emailStart(request: AccountEmailStartRequest): Promise<AccountCodeSentResponse>;
    /** Adds the address with its passcode, verified. */
    emailAdd(request: AccountEmailAddRequest): Promise<UserResponse>;
    /** Makes a verified address the primary one (unverified_email otherwise). */
    emailPrimary(request: AccountEmailIdRequest): Promise<UserResponse>;
    emailRemove(request: AccountEmailIdRequest): Promise<UserResponse>;
    /** Texts (or sends by WhatsApp, `channel`) a 6-digit passcode to a number in E.164 form. Rejects with phone_number_already_taken, phone_number_already_added. */
    phoneStart(request: AccountPhoneStartRequest): Promise<AccountCodeSentResponse>;
    phoneAdd(request: AccountPhoneAddRequest): Promise<UserResponse>;
    phonePrimary(request: AccountPhoneIdRequest): Promise<UserResponse>;
    phoneRemove(request: AccountPhoneIdRequest): Promise<UserResponse>;
    /**
     * Sets the password, or changes it: with current_password (invalid_current_password when it is
     * wrong), or with a recent sign-in. The strength policy and breach check apply (weak_password).
     * sign_out_other_devices ends the user's other sessions.
     */
    passwordSet(request: AccountPasswordRequest): Promise<UserResponse>;
    passwordRemove(): Promise<UserResponse>;
    /**
     * A link_token for oauth[provider].start({ link_token, login_redirect_url }): that flow connects
     * the provider account to this user, landing on login_redirect_url (on the project's login
     * allowlist), where oauth.authenticate(token) links it (oauth_account_already_linked when the
     * account is another user's).
     */
    oauthLinkStart(request: AccountOAuthLinkStartRequest): Promise<AccountOAuthLinkStartResponse>;
    oauthDisconnect(request: AccountOAuthDisconnectRequest): Promise<UserResponse>;
    /**
     * Links a wallet: its signature of the message cryptoWallets.authenticateStart handed out on
     * this client (whose PKCE verifier is sent along). Rejects with crypto_wallet_already_linked.
     */
    walletLink(request: Omit<AccountWalletLinkRequest, 'code_verifier'>): Promise<UserResponse>;
    walletRemove(request: AccountWalletIdRequest): Promise<UserResponse>;
    /** The user's live sessions, this one marked `current`. */
    sessions(): Promise<AccountSessionsResponse>;
    /** Signs one of the user's other devices out at once (device_not_found when it already is). */
    sessionRevoke(request: AccountSessionRevokeRequest): Promise<OkResponse>;
    sessionRevokeOthers(): Promise<AccountRevokeOthersResponse>;
    /**
     * Replaces the user's untrusted_metadata with this object (at most 4096 bytes as JSON; {}
     * empties it): the user's own data, such as preferences. trusted_metadata is the project's,
     * written only by its back end. Rejects with too_many_requests past 60 changes in 10 minutes.
     */
    updateUntrustedMetadata(request: AccountUntrustedMetadataRequest): Promise<UserResponse>;
    /**
     * Deletes the user and everything that is theirs; confirmation: the primary email (or phone
     * number) as the person typed it (account_deletion_not_confirmed otherwise). The local session
     * is cleared.
     */
    delete(request: AccountDeleteRequest): Promise<OkResponse>;
    /** Two-step verification: a key for the authenticator app and its otpauth:// URI (totp_already_enabled when it is on). */
    totpCreate(): Promise<TotpCreateResponse>;
    /** Turns it on with a code from the app; recovery_codes are shown once (invalid_totp_code, totp_enrolment_not_started after 30 minutes). */
    totpEnrol(request: AccountTotpEnrolRequest): Promise<AccountTotpEnrolResponse>;
    /** Turns it off (totp_required where the project requires it). */
    totpDelete(): Promise<UserResponse>;
    /** Ten new recovery codes; the old ones stop working. */
    recoveryCodes(): Promise<RecoveryCodesResponse>;
  };

  /**
   * Two-step verification's second step. A sign-in whose answer is an IntermediateSessionResponse
   * (two_step 'verify' or 'enrol') stored no session: the intermediate session token is in its
   * cookie for 10 minutes, and these calls send it. Each rejects with intermediate_session_not_found
   * when there is none (or it expired, or was used), which clears it.
   */
  twoStep: {
    /** A code from the authenticator app: the session is stored (its factors: the first one and the app). Rejects with invalid_totp_code, totp_code_already_used, user_lock_limit_reached. */
    authenticate(request: { code: string } & SessionDurationOptions): Promise<SessionResponse>;
    /** A recovery code instead (each works once): the session is stored; recovery_codes_remaining says how many are left. Rejects with invalid_recovery_code. */
    authenticateWithRecoveryCode(request: { recovery_code: string } & SessionDurationOptions): Promise<RecoveryCodeAuthenticateResponse>;
    /** two_step 'enrol' (the project requires it): a key for the authenticator app and its otpauth:// URI. */
    create(): Promise<TotpCreateResponse>;
    /** Turns the key on with a code from the app and stores the session; recovery_codes are shown once. */
    enrol(request: { code: string } & SessionDurationOptions): Promise<TotpEnrolResponse>;
    /**
     * Signed in (the account page's confirm step): proves the second step again with a code from the
     * app, which a user with two-step verification on needs recently before turning it off, getting
     * new recovery codes or adding a passkey. The app's factor is added to the session, which is
     * stored. Rejects with invalid_totp_code, totp_code_already_used, totp_not_enabled, user_lock_limit_reached.
     */
    confirm(request: { code: string } & SessionDurationOptions): Promise<SessionResponse>;
    /** The same with a recovery code (each works once); recovery_codes_remaining says how many are left. Rejects with invalid_recovery_code. */
    confirmWithRecoveryCode(request: { recovery_code: string } & SessionDurationOptions): Promise<RecoveryCodeAuthenticateResponse>;
  };

  /**
   * The identity provider (Vestibule as an OpenID Connect provider): the calls of the authorization
   * page, with the relying party's parameters as the page's query string gave them.
   */
  idp: {
    /**
     * The preflight: the client, whether consent is needed and each scope with its description and
     * is_grantable. With `error` present the request ended: navigate to redirect_uri (it carries
     * error and state; e.g. login_required for prompt=none without a session). Rejects with
     * idp_client_not_found or idp_redirect_uri_not_registered (show them; never redirect), and
     * without a session (and prompt=none) with user_unauthenticated.
     */
    authorizeStart(params: IdpAuthorizeStartRequest): Promise<IdpAuthorizeStartResponse>;
    /** Allow (consent_granted true) or Deny: redirect_uri is where to send the browser (code and state, or error=access_denied). Needs a session. */
    authorizeSubmit(params: IdpAuthorizeSubmitRequest): Promise<IdpAuthorizeSubmitResponse>;
    /** Logout's preflight: consent_required says whether to ask 'Log out?'; redirect_uri is the post-logout URI with state. Rejects with idp_post_logout_redirect_uri_not_registered. */
    logoutStart(params: IdpLogoutStartRequest): Promise<IdpLogoutStartResponse>;
  };

  session: {
    /** The cached session, or null when logged out. */
    getSync(): Session | null;
    getTokens(): SessionTokens | null;
    /**
     * Refreshes the session now; on failure the session is cleared and this rejects. Without
     * session_duration_minutes the session is checked (and a fresh JWT minted) but not extended;
     * the background refresh calls it that way.
     */
    authenticate(options?: SessionDurationOptions): Promise<SessionResponse>;
    /** Revokes on the server. With forceClear the local session is cleared even if the call fails. */
    revoke(options?: { forceClear?: boolean }): Promise<void>;
    /**
     * Starts a session from a trusted auth token (the identity-provider widget's authTokenParams):
     * the server checks it against the token profile (issuer, audience, JWKS) and signs in the user
     * of its email claim. The session lasts 60 minutes unless a duration is named. Rejects with
     * token_profile_not_found or invalid_trusted_auth_token. Revoke any other session first.
     */
    attest(request: { profile_id: string; token: string } & SessionDurationOptions): Promise<SessionResponse>;
    /** Called with the new session (or null) on every change, in this tab or another. */
    onChange(callback: (session: Session | null) => void): Unsubscribe;
  };

  user: {
    getSync(): User | null;
    /** Needs a session: without one rejects with VestibuleSDKError('user_unauthenticated'). */
    get(): Promise<User>;
    onChange(callback: (user: User | null) => void): Unsubscribe;
  };

  bootstrap: {
    /** The last cached copy (or defaults before the first fetch); never waits. */
    getSync(): Bootstrap;
    /** Fetches a fresh copy, caches it, and resolves with it. */
    getAsync(): Promise<Bootstrap>;
    /** Whether getSync answers with a fetched copy (this page's or a cached one), not the defaults. */
    isKnown(): boolean;
  };

  events: {
    /** Queues an event; sent in batches of 15 or every 800 ms. */
    log(name: LoggedEventName, details?: Record<string, unknown>): void;
    flush(): Promise<void>;
  };

  /** Stops timers and listeners (background refresh, event flush, storage events). */
  destroy(): void;
}

/** Shape of an error the client hands to the widgets and to the host's onError callback. */
export interface VestibuleErrorInfo {
  /** 'network_error': the server could not be reached (added by the client, not a server type). */
  error_type: ErrorType | 'sdk_error' | 'network_error';
  message: string;
}
