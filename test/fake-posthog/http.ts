import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a handler answers. No `json` and no `text` means an empty body (Content-Length: 0). */
export interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string | string[]>;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  let payload = '';
  let contentType = reply.contentType;
  if (reply.json !== undefined) {
    payload = JSON.stringify(reply.json);
    contentType ??= 'application/json';
  } else if (reply.text !== undefined) {
    payload = reply.text;
    contentType ??= 'text/plain; charset=utf-8';
  }
  const headers: Record<string, string | string[] | number> = {
    'content-length': Buffer.byteLength(payload),
    ...reply.headers,
  };
  if (contentType) headers['content-type'] = contentType;
  res.writeHead(reply.status, headers);
  res.end(payload);
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name) cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return cookies;
}
