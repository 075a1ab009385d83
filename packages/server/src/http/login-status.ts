/**
 * The browser's FedCM login status (the Login Status API): whether someone is signed in to this
 * identity provider on this browser, so that a relying party's FedCM call looks for an account or
 * shows none. Chromium honours the header on the host page's fetches when the API is on the page's
 * site, and on top-level navigations to the API.
 */
export const LOGGED_IN = { 'Set-Login': 'logged-in' } as const;
export const LOGGED_OUT = { 'Set-Login': 'logged-out' } as const;

/**
 * A sign-in route's answer: logged in when it carries a session; not when the sign-in is held back
 * for a second step (an intermediate session only), nor for a refusal.
 */
export async function withLoginStatus(response: Response): Promise<Response> {
  if (response.status === 200 && 'session_token' in ((await response.clone().json()) as object)) response.headers.set('Set-Login', LOGGED_IN['Set-Login']);
  return response;
}
