import { useEffect, useState } from 'react';
import type { OutboxMessage, OutboxResponse } from '@vestibule/contract';
import { Linkified } from '../components/Linkified';
import { NextStep } from '../components/NextStep';
import { readablePhoneNumber } from '../phone-number';

const POLL_MS = 2000;

async function refusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error_message?: unknown } | null;
  if (typeof body?.error_message === 'string') return `The outbox answered ${response.status}: ${body.error_message}`;
  return `The outbox answered ${response.status}; it exists only in development, on this machine.`;
}

/**
 * The development outbox: every email and text the server sent. Message bodies are shown as
 * text with their links made clickable; server HTML is never rendered as HTML.
 */
export function OutboxPage({ apiBaseUrl }: { apiBaseUrl: string }) {
  const [messages, setMessages] = useState<OutboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      try {
        const response = await fetch(`${apiBaseUrl}/dev/outbox`);
        // The server says why it refused (production, or a request that is not from this machine).
        if (!response.ok) throw new Error(await refusal(response));
        const body = (await response.json()) as OutboxResponse;
        if (!stopped) {
          setMessages(body.messages);
          setError(null);
        }
      } catch (e) {
        if (!stopped) setError((e as Error).message);
      }
    };
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [apiBaseUrl]);

  return (
    <section aria-labelledby="outbox-title">
      <h1 id="outbox-title">Outbox</h1>
      <p>
        Emails and texts sent in development, newest first. Programs read the same list as JSON at{' '}
        <a href={`${apiBaseUrl}/dev/outbox`}>{`${apiBaseUrl}/dev/outbox`}</a>.
      </p>
      <NextStep>Open a sign-in link below, or copy a code back to the page that asked for it.</NextStep>
      {error && <p role="alert">{error}</p>}
      {messages?.length === 0 && <p>No messages yet.</p>}
      <ol className="outbox">
        {messages?.map((message) => (
          <li key={message.id} className="outbox-message">
            <p className="outbox-meta">
              <span className="channel">{message.channel}</span> to{' '}
              <strong>{message.channel === 'email' ? message.to : readablePhoneNumber(message.to)}</strong> at{' '}
              <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleString()}</time>
            </p>
            {message.subject && <h2>{message.subject}</h2>}
            <Linkified text={message.text} />
          </li>
        ))}
      </ol>
    </section>
  );
}
