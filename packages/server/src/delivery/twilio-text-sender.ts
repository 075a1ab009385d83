import type { SmsProviderConfig } from '../config/server-config.js';
import { DeliveryError, type TextSender } from './text-sender.js';

const TIMEOUT_MS = 10_000;

/**
 * Sends SMS and WhatsApp through a Twilio-style Messages API:
 * POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth
 * (AccountSid:AuthToken) and a form-encoded body of To, From and Body. WhatsApp addresses are
 * 'whatsapp:+E164' in both To and From. Any non-2xx answer or network failure is a DeliveryError
 * carrying the provider's code and message (never the credentials).
 */
export function createTwilioTextSender(config: SmsProviderConfig, fetchImpl: typeof fetch = fetch): TextSender {
  const endpoint = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`, 'utf8').toString('base64')}`;
  return {
    async send(message) {
      const from = message.channel === 'whatsapp' ? config.whatsappFrom : config.fromNumber;
      if (!from) throw new DeliveryError(`No sender configured for ${message.channel}.`, 503);
      const prefix = message.channel === 'whatsapp' ? 'whatsapp:' : '';
      const form = new URLSearchParams({ To: `${prefix}${message.to}`, From: `${prefix}${from}`, Body: message.text });
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`Provider unreachable: ${(error as Error).message}`, 503, { endpoint: config.baseUrl });
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        let code: unknown = null;
        let detail: unknown = text.slice(0, 500);
        try {
          const body = JSON.parse(text) as { code?: unknown; message?: unknown };
          code = body.code ?? null;
          detail = body.message ?? detail;
        } catch {
          // Not JSON: keep the start of the text.
        }
        throw new DeliveryError(`Provider answered ${response.status}`, 502, { status: response.status, code, message: detail });
      }
    },
  };
}
