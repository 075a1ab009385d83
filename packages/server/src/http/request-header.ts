import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

/** Node's own request when the Node adapter serves the call (c.env.incoming); undefined under a bare app.fetch. */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof Readable ? (incoming as IncomingMessage) : undefined;
}

/**
 * A request header. Served by the Node adapter it is read from Node's parsed headers: Hono's
 * c.req.header would first build a web Headers object of all of them, on every call of every
 * request (measured in bench/server.ts). Repeated headers come joined as Node joins them.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const node = nodeRequest(c);
  return node ? nodeHeader(node, name) : c.req.header(name);
}

/** A header of Node's request, repeated ones joined as Node joins them (what requestHeader reads under the Node adapter). */
export function nodeHeader(request: IncomingMessage, name: string): string | undefined {
  const key = name.toLowerCase();
  if (key === 'authorization') return authorization(request);
  const value = request.headers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Every Authorization header of a request, joined. Node keeps the first and drops the others, so
 * a request with two credentials would be served on the first while a proxy or gateway in front
 * may have checked the other: joined, two credentials read as none (no Bearer pattern matches), as
 * they do when the web Headers object joins them.
 */
function authorization(request: IncomingMessage): string | undefined {
  const raw = request.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 13 && raw[i]!.toLowerCase() === 'authorization') values.push(raw[i + 1]!);
  }
  return values.length > 0 ? values.join(', ') : undefined;
}
