/** One message as the development outbox returns it: GET /dev/outbox (newest first). */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: string;
}

export interface OutboxResponse {
  messages: OutboxMessage[];
}
