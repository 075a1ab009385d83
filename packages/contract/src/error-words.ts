/**
 * The catalogue's words a browser needs before any call has failed: the client refuses a call that
 * needs a session without asking the server, and the phone field says a number does not parse. Their
 * own module, which errors.ts's catalogue takes them from, so a page can have these without the
 * whole catalogue (it loads with the first failure).
 */
export const USER_UNAUTHENTICATED_MESSAGE = 'Must have an active session to call this method. Have you logged in yet?';
export const INVALID_PHONE_NUMBER_MESSAGE = 'Phone number format is invalid. Ensure the phone number is in the E.164 format.';
