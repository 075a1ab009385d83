/**
 * Errors that code acts on and no person reads in a widget: an SDK's branch (a magic link opened
 * away from the browser that asked for it, which the widget answers with its own screen) and a
 * browser's own protocol (FedCM). Apart from errors.ts, whose words the widgets show and every
 * language translates. Plain data.
 */
export const protocolErrorCatalogue = {
  /**
   * A magic link asked for by another browser (its verifier missing or another), opened without
   * the person's confirmation: not spent. The widget asks 'Continue as …' and sends `confirmed`.
   */
  magic_link_unconfirmed: {
    status: 403,
    message: 'This login link was opened in a different browser from the one that asked for it. Confirm to sign in here.',
  },
  /** A FedCM endpoint called without `Sec-Fetch-Dest: webidentity`: only the browser's own FedCM requests carry it, never a page's fetch. */
  fedcm_request_required: { status: 403, message: "This endpoint answers the browser's FedCM requests only (Sec-Fetch-Dest: webidentity)." },
  /** Identity provider (FedCM): the calling page's Origin is not one the client is registered at (its redirect URIs' origins or its allowedOrigins). */
  idp_origin_not_registered: { status: 403, message: 'This origin is not registered for this application.' },
  /** Identity provider (FedCM): the chosen account_id is not the user signed in on this browser. */
  fedcm_account_not_signed_in: { status: 403, message: 'The chosen account is not the one signed in on this browser.' },
} as const;
