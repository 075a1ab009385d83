import { z } from 'zod';
import { errorTypes } from './all-errors.js';

/** Fields every successful answer carries: who answered it. */
export const ok = { status_code: z.literal(200), request_id: z.string() };

export const OkResponseSchema = z.object(ok).meta({ id: 'OkResponse' });
export type OkResponse = z.output<typeof OkResponseSchema>;

export const ErrorResponseSchema = z
  .object({ status_code: z.number().int(), request_id: z.string(), error_type: z.enum(errorTypes), error_message: z.string() })
  .meta({ id: 'ErrorResponse' });

/** Minutes fields: integers; the range is checked by the handler so it can answer invalid_duration. */
export const minutes = z.number().int();

export const email = z.string().max(1000);

/**
 * The language of the email or text a request sends, as the widget speaks it: a shipped language
 * in any case, a regional tag as its language; anything else is English.
 */
export const locale = z.string().max(35).meta({
  description:
    "BCP 47 language of the message: 'en', 'de', 'fr', 'es', 'ja', 'pt-BR' or 'ar', in any case; another region takes its language's ('de-AT' is German, 'pt-PT' Brazilian Portuguese); others fall back to English.",
});

/**
 * PKCE (RFC 7636, S256): the browser keeps a verifier and sends only its hash at a flow's start;
 * the finish sends the verifier, so what the start handed out works only for that browser.
 */
export const pkceCodeChallenge = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'base64url of 32 bytes')
  .meta({ description: 'base64url(SHA-256(code_verifier)) of a verifier the browser keeps for the finish (PKCE S256).' });
export const pkceCodeVerifier = z.string().min(43).max(128).meta({ description: 'The PKCE verifier whose challenge the start was given.' });

/** A URL the server checks against one of the project's allowlists (exact match). */
export const redirectUrl = z.string().max(2048);
