import { errorTypeOf, parsePublicToken } from '@vestibule/client';
import type { OAuthOneTapStartResponse } from '@vestibule/contract';
import { toErrorInfo } from '../../flow/errors';
import type { EffectContext } from '../../flow/feature';
import { readyAgainOnReturn } from './leaving';
import type { OneTapSetupError } from './state';

/**
 * Google one-tap, loaded only when a one_tap entry's container is on the page (its own chunk).
 * The server gives the client id, the script's URL and a one-time nonce; Google Identity Services
 * prompts into our container and hands the callback an ID token, which the server verifies before
 * it signs in. Whatever fails, the prompt ends 'cancelled' and the plain button stays.
 */

/** The part of Google Identity Services (google.accounts.id) the prompt uses. */
export interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential: string; select_by?: string }) => void;
    nonce?: string;
    cancel_on_tap_outside?: boolean;
    prompt_parent_id?: string;
    auto_select?: boolean;
  }): void;
  prompt(listener?: (notification: PromptMomentNotification) => void): void;
  cancel(): void;
}

export interface PromptMomentNotification {
  isDisplayed?(): boolean;
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string | undefined;
  isSkippedMoment?(): boolean;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string | undefined;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the script once per URL (a failed load may be tried again); resolves with google.accounts.id as it is then. */
export async function loadGoogleScript(url: string): Promise<GoogleAccountsId> {
  if (!window.google?.accounts?.id) {
    let load = loading.get(url);
    if (!load) {
      load = new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.async = true;
        script.addEventListener('load', () => resolve());
        script.addEventListener('error', () => {
          loading.delete(url);
          script.remove();
          reject(new Error(`Could not load ${url}.`));
        });
        document.head.appendChild(script);
      });
      loading.set(url, load);
    }
    await load;
  }
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('The Google Identity Services script defined no google.accounts.id.');
  return id;
}

/** A server refusal of the start, as the setup error it means. */
function startError(err: unknown): OneTapSetupError | undefined {
  const type = errorTypeOf(err);
  if (type === 'oauth_config_not_found') return 'noOAuthConfig';
  if (type === 'invalid_redirect_url')
    return /signup/.test(String((err as { error_message?: string }).error_message ?? '')) ? 'noSignupRedirectUrls' : 'noLoginRedirectUrls';
  return undefined;
}

/** Why Google showed no prompt, as a setup error (its getNotDisplayedReason values). */
function notDisplayedError(reason: string | undefined): OneTapSetupError | undefined {
  if (reason === 'unregistered_origin') return 'originNotAllowed';
  if (reason === 'invalid_client' || reason === 'missing_client_id') return 'invalidClient';
  return undefined;
}

export async function runOneTap(parentId: string, ctx: EffectContext): Promise<void> {
  const options = ctx.config.oauthOptions;
  const entry = options?.providers.find((p) => p.one_tap);
  // Setup errors are for the developer: with a live token the user only sees the plain buttons.
  const forDevelopers = parsePublicToken(ctx.client.publicToken)?.environment === 'test';
  const cancelled = (setupError?: OneTapSetupError) =>
    ctx.dispatch({ type: 'ONE_TAP_STATE', state: 'cancelled', ...(setupError && forDevelopers ? { setupError } : {}) });
  if (!entry) return cancelled();
  if (entry.type !== 'google') return cancelled('defaultProviderNotAllowed');

  let start: OAuthOneTapStartResponse;
  try {
    start = await ctx.client.oauth.googleOneTap.start({ login_redirect_url: options?.loginRedirectURL, signup_redirect_url: options?.signupRedirectURL });
  } catch (err) {
    ctx.reportError(toErrorInfo(err));
    return cancelled(startError(err));
  }
  let id: GoogleAccountsId;
  try {
    id = await loadGoogleScript(start.script_url);
  } catch {
    return cancelled();
  }
  if (ctx.signal.aborted) return;
  ctx.signal.addEventListener('abort', () => id.cancel(), { once: true });
  const nonce = start.nonce;
  id.initialize({
    client_id: start.client_id,
    nonce,
    cancel_on_tap_outside: entry.cancel_on_tap_outside ?? true,
    // Google finds the parent with document.getElementById: inside a shadow tree it cannot, so
    // the prompt takes Google's own place at the top of the window (the container stays empty).
    prompt_parent_id: document.getElementById(parentId) ? parentId : undefined,
    callback: ({ credential }) => {
      // As after a button: the server answers the host's redirect URL with a one-time token, the
      // page goes there, and the landing exchanges it for a session.
      ctx.dispatch({ type: 'ONE_TAP_SUBMITTED' });
      ctx.client.oauth.googleOneTap
        .submit(credential, { nonce, login_redirect_url: options?.loginRedirectURL, signup_redirect_url: options?.signupRedirectURL })
        .then(
          (response) => {
            ctx.emit('OAUTH_ONE_TAP_SUBMIT', response);
            readyAgainOnReturn(ctx);
          },
          (err: unknown) => {
            cancelled();
            ctx.fail(err, 'banner');
          },
        );
    },
  });
  id.prompt((notification) => {
    if (notification.isDisplayed?.()) ctx.dispatch({ type: 'ONE_TAP_STATE', state: 'shown' });
    else if (notification.isNotDisplayed?.()) cancelled(notDisplayedError(notification.getNotDisplayedReason?.()));
    else if (notification.isSkippedMoment?.()) cancelled();
    else if (notification.isDismissedMoment?.() && notification.getDismissedReason?.() !== 'credential_returned') cancelled();
  });
}
