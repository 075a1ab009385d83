import type { Context } from 'hono';
import { ApiError } from './api-error.js';
import type { AppEnv } from './app-env.js';
import { MAX_BODY_BYTES } from './body-limit.js';
import { nodeRequest, requestHeader } from './request-header.js';

/**
 * A request body as text, refused with 413 payload_too_large past MAX_BODY_BYTES (by its
 * Content-Length at once, else while it streams in). Served by the Node adapter, the body is read
 * from Node's own request stream: going through the web Request instead makes the adapter build a
 * full Request with an AbortController and a ReadableStream per call, which was most of a session
 * check's time (bench/server.ts). In process (app.fetch with a Request) it reads the Request.
 */
export async function readBodyText(c: Context<AppEnv>): Promise<string> {
  const declared = Number(requestHeader(c, 'Content-Length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
  const node = nodeRequest(c);
  const chunks = node ? (node as AsyncIterable<Uint8Array>) : readWeb(c.req.raw.body);
  let size = 0;
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
    parts.push(chunk);
  }
  return Buffer.concat(parts, size).toString('utf8');
}

async function* readWeb(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}
