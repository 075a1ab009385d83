import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { ApiError } from '../kernel/api-error.js';
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
  if (!node) return readWeb(c.req.raw.body);
  return readAhead.get(node) ?? readNode(node);
}

/** Bodies a hot path read (http/node-listener.ts) before it handed the call on: their stream is spent. */
const readAhead = new WeakMap<IncomingMessage, string>();

/**
 * For a hot path: reads a body whose Content-Length is within MAX_BODY_BYTES and keeps its text for
 * readBodyText, should the call go on to the full pipeline.
 */
export async function readBodyAhead(stream: IncomingMessage): Promise<string> {
  const text = await readNode(stream);
  readAhead.set(stream, text);
  return text;
}

/** The caller closed its connection before its body was whole: there is no one left to answer. */
export class CallerGone extends Error {
  constructor() {
    super('The caller closed its connection before its request body was whole.');
  }
}

/** Node's stream read by its events (an async iterator costs more than the read of a small body). */
function readNode(stream: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const stop = (error?: Error) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      if (error) reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        stop(new ApiError('payload_too_large'));
        stream.resume(); // the rest is read and dropped, so the connection stays usable
      } else parts.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(parts, size).toString('utf8'));
    };
    const onError = (error: Error) => stop(stream.complete ? error : new CallerGone());
    stream.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

async function readWeb(body: ReadableStream<Uint8Array> | null): Promise<string> {
  const parts: Uint8Array[] = [];
  let size = 0;
  if (body) {
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
      parts.push(read.value);
    }
  }
  return Buffer.concat(parts, size).toString('utf8');
}
