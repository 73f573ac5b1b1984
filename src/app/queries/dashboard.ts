import { createHash } from 'node:crypto';
import type { StatusReport } from '../../core/views/report.js';
import type { DashboardData, DashboardEvent } from '../../web/dashboard-server.js';
import { attemptDiff } from './attempt-diff.js';
import { withEdgeKinds } from '../../core/views/edge-kinds.js';
import { loadGraphInput } from './graph-input.js';
import { openRunStore } from '../project/open-project.js';
import { selectRun } from '../project/select-run.js';
import { loadPlotInput } from './plot.js';
import { showAttempt } from './show-attempt.js';
import { buildStatusReport } from './status.js';

/** The state the page draws: the status report and the last event of every attempt. */
export interface DashboardState {
  status: StatusReport;
  lastEvents: Record<string, { type: string; at: number }>;
  lastEventId: number;
}

const fingerprint = (status: StatusReport): string =>
  createHash('sha1').update(JSON.stringify(status.attempts.map((a) => [a.id, a.status, a.phase, a.score, a.flags]))).digest('hex');

/**
 * `swarm dashboard`: serves a read-only, live view of one run (the latest unless `runId`) on
 * 127.0.0.1 and resolves once it listens. The database stays open read-mostly for the server's
 * life; every request reads it afresh, so the page follows a run that another process writes.
 */
export const startDashboard = async (options: { cwd: string; runId?: string; port: number; pollMs?: number; token?: string | null }) => {
  const { renderPlotSvg } = await import('../../export/plot/plot-svg.js');
  const { renderTreeSvg } = await import('../../export/tree-svg.js');
  const { startDashboardServer } = await import('../../web/dashboard-server.js');
  const { dashboardPage } = await import('../../web/dashboard-page.js');
  const store = await openRunStore(options.cwd);
  // Pinned with --run; otherwise the newest run of the repository, so a run started later is followed.
  const firstRun = selectRun(store, options.runId).id;
  let runId = firstRun;
  let lastEvents: DashboardState['lastEvents'] = {};
  let lastEventId = 0;
  const follow = (): string => {
    const newest = options.runId ?? store.latestRun()?.id ?? runId;
    if (newest !== runId) {
      runId = newest;
      lastEvents = {};
      lastEventId = 0;
      tree = null;
    }
    return runId;
  };
  const readEvents = (after: number): DashboardEvent[] =>
    store.listEvents(follow(), after).map((e) => ({ id: e.id, attemptId: e.attemptId, type: e.type, at: e.at, data: e.data }));
  const track = (): void => {
    for (const event of readEvents(lastEventId)) {
      if (event.attemptId !== null) lastEvents[event.attemptId] = { type: event.type, at: event.at };
      lastEventId = event.id;
    }
  };
  let tree: { key: string; svg: string } | null = null;

  const data: DashboardData = {
    state: (): DashboardState => {
      track();
      follow();
      return { status: buildStatusReport(store, runId), lastEvents, lastEventId };
    },
    treeSvg: async () => {
      const key = `${follow()} ${fingerprint(buildStatusReport(store, runId))}`;
      if (tree?.key !== key) {
        tree = { key, svg: await renderTreeSvg(withEdgeKinds(loadGraphInput(store, runId), null).graph) };
      }
      return tree.svg;
    },
    plotSvg: () => renderPlotSvg(loadPlotInput(store, follow())),
    attempt: async (id) => {
      if (store.getAttemptRow(id)?.runId !== follow()) return null;
      const [detail, diff] = await Promise.all([showAttempt({ cwd: options.cwd, attemptId: id }), attemptDiff({ cwd: options.cwd, attemptId: id })]);
      return { detail, diff: diff.diff };
    },
    eventsAfter: readEvents,
  };
  const server = await startDashboardServer({ data, page: dashboardPage(firstRun), port: options.port, token: options.token ?? null, ...(options.pollMs ? { pollMs: options.pollMs } : {}) });
  return {
    url: server.url,
    runId: firstRun,
    close: async () => {
      await server.close();
      store.close();
    },
  };
};

/**
 * `swarm dashboard --once`: the dashboard of one run (the latest unless `runId`) as a static page
 * with its state written in; it opens no connection, so a headless browser can screenshot it.
 */
export const dashboardSnapshot = async (options: { cwd: string; runId?: string }): Promise<{ runId: string; html: string }> => {
  const { renderPlotSvg } = await import('../../export/plot/plot-svg.js');
  const { renderTreeSvg } = await import('../../export/tree-svg.js');
  const { dashboardPage } = await import('../../web/dashboard-page.js');
  const store = await openRunStore(options.cwd);
  try {
    const runId = selectRun(store, options.runId).id;
    const lastEvents: DashboardState['lastEvents'] = {};
    let lastEventId = 0;
    for (const event of store.listEvents(runId, 0)) {
      if (event.attemptId !== null) lastEvents[event.attemptId] = { type: event.type, at: event.at };
      lastEventId = event.id;
    }
    const state: DashboardState = { status: buildStatusReport(store, runId), lastEvents, lastEventId };
    const treeSvg = await renderTreeSvg(withEdgeKinds(loadGraphInput(store, runId), null).graph);
    return { runId, html: dashboardPage(runId, { state, treeSvg, plotSvg: renderPlotSvg(loadPlotInput(store, runId)) }) };
  } finally {
    store.close();
  }
};
