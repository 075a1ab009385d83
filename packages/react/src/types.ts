import type { Language } from './locales/choose';
/**
 * The public configuration and mount option shapes of the widgets.
 * The demo and host applications are written against these; the screens implement them.
 */
import type { ClientOptions, VestibuleClient, VestibuleErrorInfo } from '@vestibule/client';
import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';
import type { Bootstrap, DeviceSession, IdpAuthorizeStartResponse, IdpLogoutStartResponse, User } from '@vestibule/contract';

export type Product = 'emailMagicLinks' | 'passwords' | 'otp' | 'passkeys' | 'oauth' | 'crypto';
export type OtpMethod = 'email' | 'sms' | 'whatsapp';

export interface OAuthProviderEntry {
  /** One of the 19 provider types. */
  type: OAuthProviderType;
  /** Scopes asked for besides the provider's defaults. */
  custom_scopes?: string[];
  /** Extra query parameters for the provider's authorization page. */
  provider_params?: Record<string, string>;
  one_tap?: boolean;
  position?: 'floating' | 'embedded';
  cancel_on_tap_outside?: boolean;
}

export interface LoginConfig {
  products: Product[];
  emailMagicLinksOptions?: {
    loginRedirectURL?: string;
    /** Default 30. */
    loginExpirationMinutes?: number;
    signupRedirectURL?: string;
    /** Default 30. */
    signupExpirationMinutes?: number;
    createUserAsPending?: boolean;
    /** A mail domain to search for in the webmail links when the bootstrap knows none or several. */
    domainHint?: string;
  };
  otpOptions?: {
    methods: OtpMethod[];
    /** Default 5. */
    expirationMinutes?: number;
    loginTemplateId?: string;
    signupTemplateId?: string;
    locale?: string;
  };
  sessionOptions?: {
    /** Default 30. */
    sessionDurationMinutes?: number;
  };
  oauthOptions?: {
    providers: OAuthProviderEntry[];
    loginRedirectURL?: string;
    signupRedirectURL?: string;
    /** Whether the OAuth buttons sit above (default) or below the form. */
    position?: 'above' | 'below';
  };
  passwordOptions?: {
    loginRedirectURL?: string;
    loginExpirationMinutes?: number;
    resetPasswordRedirectURL?: string;
    resetPasswordExpirationMinutes?: number;
  };
  enableShadowDOM?: boolean;
}

/** Theme; every field optional, defaults in theme/defaults.ts. */
export interface Styles {
  container?: { backgroundColor?: string; borderColor?: string; borderRadius?: string; width?: string };
  colors?: { primary?: string; secondary?: string; success?: string; error?: string };
  buttons?: {
    primary?: ButtonStyle;
    secondary?: ButtonStyle;
    disabled?: ButtonStyle;
  };
  inputs?: { backgroundColor?: string; borderColor?: string; borderRadius?: string; placeholderColor?: string; textColor?: string };
  fontFamily?: string;
  hideHeaderText?: boolean;
  logo?: { logoImageUrl?: string };
  /**
   * Light (the default), dark, or `auto`: dark while the device prefers it (`prefers-color-scheme`),
   * following a change at once. Colours given here win over the dark palette as over the light one.
   */
  colorScheme?: ColorScheme;
}

export type ColorScheme = 'light' | 'dark' | 'auto';

export interface ButtonStyle {
  backgroundColor?: string;
  textColor?: string;
  borderColor?: string;
  borderRadius?: string;
}

/** Events the widgets report to the host through callbacks.onEvent. */
export type WidgetEventType =
  | 'MAGIC_LINK_LOGIN_OR_CREATE'
  | 'MAGIC_LINK_AUTHENTICATE'
  | 'OTP_LOGIN_OR_CREATE'
  | 'OTP_AUTHENTICATE'
  | 'PASSWORD_CREATE'
  | 'PASSWORD_AUTHENTICATE'
  | 'PASSWORD_RESET_BY_EMAIL'
  /** A passkey signed the user in (button or autofill); data: the session response. */
  | 'PASSKEY_AUTHENTICATE'
  /** The registration mount created a passkey; data: the response (session and webauthn_registration_id). */
  | 'PASSKEY_REGISTER'
  /** The user pressed 'Done' on PasskeyRegistrationSuccess: the host may close the widget; data: null. */
  | 'PASSKEY_REGISTRATION_DONE'
  /** The OAuth landing exchanged its token for a session; data: the session response (with provider_type and provider_subject). */
  | 'OAUTH_AUTHENTICATE'
  /** Google one-tap's credential was accepted; data: the response, whose redirect_url (the landing, with a one-time token) the page is going to. */
  | 'OAUTH_ONE_TAP_SUBMIT'
  /** A crypto wallet's signature signed the user in; data: the session response (with crypto_wallet_id, crypto_wallet_address, crypto_wallet_type). */
  | 'CRYPTO_WALLET_AUTHENTICATE'
  | 'FLOW_COMPLETE'
  | 'AUTHENTICATE_FLOW_COMPLETE'
  /**
   * The identity-provider mount needs a sign-in before it can go on: nobody is signed in, or the
   * relying party asks for a new one (prompt=login, max_age). The host shows its sign-in; once a
   * sign-in happens on the page, the mount runs the request again by itself. data: null.
   */
  | 'OAUTH_AUTHORIZE_FLOW_SIGN_IN_REQUIRED'
  | 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED'
  | 'OAUTH_AUTHORIZE_FLOW_COMPLETE'
  | 'OAUTH_LOGOUT_FLOW_COMPLETE'
  /** The account page made a change; data: { change } (AccountChange), what changed. */
  | 'ACCOUNT_UPDATED'
  /** The account page deleted the account: the user and their sessions are gone; data: null. */
  | 'ACCOUNT_DELETED';

/** What an ACCOUNT_UPDATED event says changed. */
export type AccountChange =
  | 'email_added'
  | 'email_verified'
  | 'email_made_primary'
  | 'email_removed'
  | 'phone_number_added'
  | 'phone_number_verified'
  | 'phone_number_made_primary'
  | 'phone_number_removed'
  | 'password_set'
  | 'password_changed'
  | 'password_removed'
  | 'passkey_added'
  | 'passkey_renamed'
  | 'passkey_deleted'
  | 'oauth_account_connected'
  | 'oauth_account_disconnected'
  | 'wallet_connected'
  | 'wallet_removed'
  | 'two_step_turned_on'
  | 'two_step_turned_off'
  | 'recovery_codes_replaced'
  | 'device_signed_out'
  | 'other_devices_signed_out';

export interface WidgetEvent {
  type: WidgetEventType;
  data: unknown;
}

export interface Callbacks {
  onEvent?(event: WidgetEvent): void;
  onError?(error: VestibuleErrorInfo): void;
}

/**
 * Overrides for any user-visible text, keyed by the English default (see src/strings/en.ts);
 * placeholders are written {name}.
 */
export type Strings = Record<string, string>;

export type IDPConsentManifestGenerator = (input: { scopes: string[]; clientName: string }) => IDPConsentItem[];

export interface IDPConsentItem {
  header: string;
  details: string[];
}

export interface AuthTokenParams {
  trustedAuthToken: string;
  tokenProfileID: string;
}

/** Options shared by every mount. */
export interface CommonMountOptions {
  client: VestibuleClient;
  styles?: Styles;
  callbacks?: Callbacks;
  strings?: Strings;
  /**
   * The widget's language, a BCP 47 tag: 'en', 'de', 'fr', 'es', 'ja', 'pt-BR' or 'ar' (a regional
   * tag takes its language's: 'de-AT' is German). Without it, the browser's first preferred
   * language that ships, else English. `strings` still overrides any text.
   */
  locale?: string;
  /**
   * The language already loaded (`await loadLanguage('de')`), for server rendering: the widget draws
   * in it at once, on the server and as it hydrates, where `locale` would fetch it first. It wins
   * over `locale`.
   */
  language?: Language;
  /**
   * A Content-Security-Policy nonce for the <style> element the widget injects (style-src
   * 'nonce-…'). Optional; without it the page's CSP must allow that style element otherwise.
   */
  nonce?: string;
}

/**
 * What a host's server read for a mount's first screen (`loadServerState` from
 * '@vestibule/react/server'): the mount draws that screen on the server, and, given the same value
 * in the browser, hydrates to it with nothing moving. Plain JSON, to pass from server to browser.
 */
export interface ServerState {
  /** The page's query string as the server received it ('?…', or '' without one). */
  search: string;
  /** The server's clock when it read this (ms since 1970): times read the same on both sides while hydrating. */
  now: number;
  /** The visitor, as the server checked their session cookie; null when signed out. */
  user: User | null;
  /** The mark of the session cookie the server read with (`sessionMark`), null without one: the browser draws on from this only for its own session. */
  session: string | null;
  /** The project's bootstrap (its name, the watermark), which the widget draws with while hydrating. */
  bootstrap?: Bootstrap;
  /** The account page's signed-in devices, when the server listed them. */
  devices?: DeviceSession[];
  /** The reset link's token as the server checked it: it works (for this address), or it is used or expired. */
  passwordReset?: { token: string; check: 'valid'; email: string } | { token: string; check: 'dead' };
  /** The identity provider's preflight for the request in `search`: its answer, or the error it met. */
  idp?: IdpServerPreflight;
}

/** The identity provider's preflight as a server made it: the authorize or logout answer, or an error (error_type, error_message). */
export type IdpServerPreflight =
  | { authorize: IdpAuthorizeStartResponse }
  | { logout: IdpLogoutStartResponse }
  | { error: { error_type: string; error_message: string } };

/** Mounts whose first screen depends on the session or the page's address. */
interface ServerRenderedOptions {
  /**
   * What the host's server read for this page (`await loadServerState(…)`), the same on the server
   * and in the browser. Without it, the mount draws as loading on a server and while hydrating.
   */
  serverState?: ServerState;
}

export interface LoginMountOptions extends CommonMountOptions {
  config: LoginConfig;
}

export interface PasswordResetMountOptions extends CommonMountOptions, ServerRenderedOptions {
  config: LoginConfig;
  /** The token from the emailed link; with token type login it is a magic-link token. */
  passwordResetToken: string;
}

export interface PasskeyRegistrationMountOptions extends CommonMountOptions, ServerRenderedOptions {
  config: LoginConfig;
}

/**
 * The account page. `config` says which sections show, as it says what the login mount offers
 * (a phone number section with a Text or WhatsApp method, Connect for oauthOptions.providers, …);
 * a section also shows while the user has something of its kind. Connecting a social account
 * comes back to this page's URL, which must be on the project's login redirect allowlist.
 */
export interface AccountMountOptions extends CommonMountOptions, ServerRenderedOptions {
  config: LoginConfig;
}

export interface IdentityProviderMountOptions extends CommonMountOptions, ServerRenderedOptions {
  config?: LoginConfig;
  getIDPConsentManifest?: IDPConsentManifestGenerator;
  authTokenParams?: AuthTokenParams;
}

/**
 * The plain-JavaScript mount functions take an element id (or selector) besides the above, and
 * either a `client` or the client's own options (at least `publicToken`), from which the mount
 * makes one: mounts given the same options on one page share it, and so share the session.
 */
export interface VanillaMountOptions {
  elementId: string;
}

/** A mount's options for the plain-JavaScript functions (`P`: the React component's props). */
export type VanillaOptions<P extends CommonMountOptions> = VanillaMountOptions &
  Omit<P, 'client'> &
  ({ client: VestibuleClient } | (ClientOptions & { client?: undefined }));
