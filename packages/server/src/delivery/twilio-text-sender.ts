import type { SmsProviderConfig } from '../config/server-config.js';
import { DeliveryError, maskedReply } from './delivery-error.js';
import type { TextSender } from './text-sender.js';

const TIMEOUT_MS = 10_000;

/**
 * Sends SMS and WhatsApp through a Twilio-style Messages API:
 * POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth
 * (AccountSid:AuthToken) and a form-encoded body of To, From and Body. WhatsApp addresses are
 * 'whatsapp:+E164' in both To and From. A non-2xx answer is a refusal, a network failure or no
 * answer within 10 s the provider unreachable: a DeliveryError carrying the provider's status,
 * code and reply (never the credentials, nor the message).
 */
export function createTwilioTextSender(config: SmsProviderConfig, fetchImpl: typeof fetch = fetch): TextSender {
  const endpoint = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`, 'utf8').toString('base64')}`;
  return {
    async send(message) {
      const from = message.channel === 'whatsapp' ? config.whatsappFrom : config.fromNumber;
      if (!from) throw new DeliveryError('twilio', 'unreachable', `No sender configured for ${message.channel}.`);
      const prefix = message.channel === 'whatsapp' ? 'whatsapp:' : '';
      const form = new URLSearchParams({ To: `${prefix}${message.to}`, From: `${prefix}${from}`, Body: message.text });
      let response: Response;
      let text: string;
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
        text = await response.text();
      } catch (error) {
        // fetch says 'fetch failed' and keeps the reason in its cause (ECONNREFUSED, 'other side closed'); a timeout is a TimeoutError.
        const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
        const reason = cause?.code ?? cause?.message ?? (error as Error).name;
        throw new DeliveryError('twilio', 'unreachable', `Text provider unreachable (${reason})`, { endpoint: new URL(config.baseUrl).origin, reason });
      }
      if (!response.ok) {
        let code: unknown = null;
        let reply = text;
        try {
          const body = JSON.parse(text) as { code?: unknown; message?: unknown };
          code = body.code ?? null;
          if (typeof body.message === 'string') reply = body.message;
        } catch {
          // Not JSON: the reply is the text itself.
        }
        throw new DeliveryError('twilio', 'refused', `Text provider answered ${response.status}`, {
          status: response.status,
          code,
          reply: maskedReply(reply),
        });
      }
    },
  };
}
