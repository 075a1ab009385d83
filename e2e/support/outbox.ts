import { expect, type APIRequestContext } from '@playwright/test';
import type { OutboxMessage, OutboxResponse } from '@vestibule/contract';
import { API_URL } from './stack';

/** Waits for the newest outbox message to an address (with `after`: one newer than that message), read through the outbox's JSON interface (of the stack at `api`). */
export async function latestMessageTo(request: APIRequestContext, to: string, after?: string, api: string = API_URL): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${api}/dev/outbox`);
        expect(response.ok()).toBe(true);
        const body = (await response.json()) as OutboxResponse;
        // Newest first: with `after`, only what came after that message counts.
        const mine = body.messages.filter((message) => message.to === to);
        const seen = after === undefined ? -1 : mine.findIndex((message) => message.id === after);
        const newer = seen === -1 ? mine : mine.slice(0, seen);
        found = newer[0];
        return found !== undefined;
      },
      { message: `an outbox message to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The id of the newest message to an address so far, if any: pass it to latestMessageTo as `after` to wait for the next one. */
export async function newestMessageIdTo(request: APIRequestContext, to: string): Promise<string | undefined> {
  const response = await request.get(`${API_URL}/dev/outbox`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as OutboxResponse).messages.find((message) => message.to === to)?.id;
}

/** The first link in a message's text. */
export function firstLink(message: OutboxMessage): string {
  const link = message.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the message "${message.subject}": ${message.text}`);
  return link;
}

/** The 6-digit passcode in a message's text. */
export function passcodeIn(message: OutboxMessage): string {
  const code = message.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No 6-digit passcode in the message: ${message.text}`);
  return code;
}
