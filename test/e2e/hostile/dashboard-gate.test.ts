import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardServer, type DashboardData } from '../../../src/web/dashboard-server.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const data: DashboardData = {
  state: () => ({ secret: 'the prompt and the diff' }),
  treeSvg: () => Promise.resolve('<svg/>'),
  plotSvg: () => '<svg/>',
  attempt: (id) => Promise.resolve(id === 'a12' ? { diff: '+secret', prompt: 'the prompt' } : null),
  eventsAfter: () => [],
};

interface Reply {
  status: number;
  body: string;
  setCookie: string[];
}

/** A raw HTTP GET to 127.0.0.1:port with the Host and cookie headers given (fetch cannot set Host). */
const get = (port: number, path: string, headers: Record<string, string>): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end();
  });

describe('the dashboard answers only its own host, and its token when it has one', () => {
  let open: { url: string; close: () => Promise<void> };
  let guarded: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    open = await startDashboardServer({ data, page: '<html></html>', port: 0 });
    guarded = await startDashboardServer({ data, page: '<html></html>', port: 0, token: 'tok-123' });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });
  const portOf = (url: string): number => Number(new URL(url).port);

  it('refuses a foreign Host (DNS rebinding) with 421 and none of the attempt', async () => {
    const port = portOf(open.url);
    const reply = await get(port, '/api/attempt/a12', { host: 'attacker.test' });
    expect(reply.status).toBe(421);
    expect(reply.body).not.toContain('secret');
    expect((await get(port, '/api/state', { host: `attacker.test:${port}` })).status).toBe(421);
    expect((await get(port, '/api/state', { host: `127.0.0.1:${port + 1}` })).status).toBe(421);
  });

  it('answers its own addresses', async () => {
    const port = portOf(open.url);
    expect(await get(port, '/api/attempt/a12', { host: `127.0.0.1:${port}` })).toMatchObject({ status: 200, body: expect.stringContaining('+secret') });
    expect((await get(port, '/api/state', { host: `localhost:${port}` })).status).toBe(200);
  });

  it('with a token: 403 without it, the printed URL sets a cookie the page\'s own requests then carry', async () => {
    const port = portOf(guarded.url);
    const host = `127.0.0.1:${port}`;
    expect(guarded.url).toBe(`http://127.0.0.1:${port}/?token=tok-123`);
    expect((await get(port, '/api/attempt/a12', { host })).status).toBe(403);
    expect((await get(port, '/api/attempt/a12?token=wrong', { host })).status).toBe(403);
    expect((await get(port, '/api/attempt/a12', { host, cookie: `swarm_dashboard_${port}=wrong` })).status).toBe(403);
    const page = await get(port, '/?token=tok-123', { host });
    expect(page.status).toBe(200);
    const cookie = page.setCookie[0]?.split(';')[0] ?? '';
    expect(cookie).toBe(`swarm_dashboard_${port}=tok-123`);
    expect(page.setCookie[0]).toContain('HttpOnly');
    expect(await get(port, '/api/attempt/a12', { host, cookie })).toMatchObject({ status: 200, body: expect.stringContaining('+secret') });
    // The Host check comes first, token or not.
    expect((await get(port, '/api/attempt/a12?token=tok-123', { host: 'attacker.test' })).status).toBe(421);
  });
});

describe('swarm dashboard on a busy port', () => {
  let repo: ToyRepo;
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 1 }, shepherd: { initialExplorers: 1, waveSize: 1 } });
    await runCli(repo.dir, ['run']);
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const address = busy.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  }, 120_000);
  afterAll(() => {
    busy.close();
    repo.cleanup();
  });

  it('says so in one line naming --port and exits 2', async () => {
    const result = await runCli(repo.dir, ['dashboard', '--port', String(port)]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([`swarm: port ${port} on 127.0.0.1 is in use (another dashboard?); choose another with --port <n>, or leave --port out for a free one`]);
  }, 60_000);
});
