import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What the gate decided for one request: let it through (setting the token cookie), or the status and text to refuse it with. */
export type GateDecision = { ok: true; setCookie: string | null } | { ok: false; status: 421 | 403; message: string };

/** A dashboard token: 32 random bytes, url-safe. */
export const newDashboardToken = (): string => randomBytes(32).toString('base64url');

const cookieName = (port: number): string => `swarm_dashboard_${port}`;

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const cookieValue = (header: string | undefined, name: string): string | null => {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
};

/**
 * The dashboard's door: a request must name the address the server listens on in its Host
 * header (`127.0.0.1:<port>` or `localhost:<port>`), so a web page that rebinds its own DNS name
 * to 127.0.0.1 is answered 421 and reads nothing; with a token (`--token`), it must also carry it,
 * as the `token` query parameter of the printed URL (which sets a cookie for the page's own
 * requests) or as that cookie. Wrong or missing: 403.
 */
export const checkRequest = (req: IncomingMessage, url: URL, gate: { port: number; token: string | null }): GateDecision => {
  const host = (req.headers.host ?? '').toLowerCase();
  if (host !== `127.0.0.1:${gate.port}` && host !== `localhost:${gate.port}`) {
    return { ok: false, status: 421, message: `this dashboard answers only http://127.0.0.1:${gate.port}/ and http://localhost:${gate.port}/\n` };
  }
  if (gate.token === null) return { ok: true, setCookie: null };
  const name = cookieName(gate.port);
  const fromQuery = url.searchParams.get('token');
  if (fromQuery !== null && same(fromQuery, gate.token)) {
    return { ok: true, setCookie: `${name}=${gate.token}; Path=/; HttpOnly; SameSite=Strict` };
  }
  const fromCookie = cookieValue(req.headers.cookie, name);
  if (fromCookie !== null && same(fromCookie, gate.token)) return { ok: true, setCookie: null };
  return { ok: false, status: 403, message: 'this dashboard needs its token: open the URL `swarm dashboard --token` printed (it carries ?token=...)\n' };
};
