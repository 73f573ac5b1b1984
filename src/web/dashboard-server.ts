import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SwarmError } from '../core/domain/errors.js';
import { checkRequest } from './request-gate.js';

/** One row of the events table as the dashboard streams it. */
export interface DashboardEvent {
  id: number;
  attemptId: string | null;
  type: string;
  at: number;
  data: string;
}

/** What the server reads; the app layer implements it over the run's database. */
export interface DashboardData {
  state: () => unknown;
  treeSvg: () => Promise<string>;
  plotSvg: () => string;
  attempt: (id: string) => Promise<unknown | null>;
  eventsAfter: (id: number) => DashboardEvent[];
}

export interface DashboardOptions {
  data: DashboardData;
  page: string;
  /** 0 picks a free port. */
  port: number;
  /** A secret every request must carry (query parameter, then cookie); null: the Host check only. */
  token?: string | null;
  /** How often the event stream looks for new rows. */
  pollMs?: number;
}

const send = (res: ServerResponse, status: number, type: string, body: string): void => {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
};

/** Server-sent events: every new row of the events table, then a comment every 15 s to keep proxies open. */
const streamEvents = (req: IncomingMessage, res: ServerResponse, data: DashboardData, pollMs: number): void => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  const header = req.headers['last-event-id'];
  let last = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : 0;
  let idle = 0;
  const tick = (): void => {
    const events = data.eventsAfter(last);
    for (const event of events) {
      res.write(`id: ${event.id}\nevent: swarm\ndata: ${JSON.stringify(event)}\n\n`);
      last = event.id;
    }
    idle = events.length > 0 ? 0 : idle + pollMs;
    if (idle >= 15_000) {
      res.write(': still here\n\n');
      idle = 0;
    }
  };
  tick();
  const timer = setInterval(tick, pollMs);
  req.on('close', () => clearInterval(timer));
};

const route = async (req: IncomingMessage, res: ServerResponse, options: DashboardOptions): Promise<void> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'text/plain', 'the dashboard is read-only\n');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const { data } = options;
  if (url.pathname === '/') return send(res, 200, 'text/html; charset=utf-8', options.page);
  if (url.pathname === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
  if (url.pathname === '/api/state') return send(res, 200, 'application/json', JSON.stringify(data.state()));
  if (url.pathname === '/tree.svg') return send(res, 200, 'image/svg+xml', await data.treeSvg());
  if (url.pathname === '/plot.svg') return send(res, 200, 'image/svg+xml', data.plotSvg());
  if (url.pathname === '/events') return streamEvents(req, res, data, options.pollMs ?? 250);
  const attempt = /^\/api\/attempt\/([\w-]+)$/.exec(url.pathname);
  if (attempt?.[1] !== undefined) {
    const detail = await data.attempt(attempt[1]);
    return detail === null ? send(res, 404, 'application/json', '{"error":"no such attempt"}') : send(res, 200, 'application/json', JSON.stringify(detail));
  }
  send(res, 404, 'text/plain', 'not found\n');
};

/**
 * The dashboard's HTTP server on 127.0.0.1 only, answering only its own Host (request-gate.ts): the page, JSON state, the tree and plot as SVG,
 * one attempt's detail, and the events as server-sent events. Read-only: anything but GET is 405.
 */
export const startDashboardServer = async (options: DashboardOptions): Promise<{ url: string; server: Server; close: () => Promise<void> }> => {
  const token = options.token ?? null;
  let port = options.port;
  const server = createServer((req, res) => {
    const gate = checkRequest(req, new URL(req.url ?? '/', 'http://127.0.0.1'), { port, token });
    if (!gate.ok) return send(res, gate.status, 'text/plain', gate.message);
    if (gate.setCookie !== null) res.setHeader('set-cookie', gate.setCookie);
    route(req, res, options).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', `dashboard error: ${error instanceof Error ? error.message : String(error)}\n`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: Error) => {
      const busy = 'code' in error && error.code === 'EADDRINUSE';
      reject(busy ? new SwarmError('USAGE', `port ${options.port} on 127.0.0.1 is in use (another dashboard?); choose another with --port <n>, or leave --port out for a free one`, { cause: error }) : error);
    });
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address: AddressInfo | string | null = server.address();
  port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}/${token === null ? '' : `?token=${token}`}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
