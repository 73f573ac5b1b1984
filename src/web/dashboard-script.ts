// The dashboard's client script, inlined into the page: plain DOM, no library, no template
// literals (it lives inside one). Text from the run is only ever set through textContent.
export const DASHBOARD_SCRIPT = String.raw`
(function () {
  var state = null, selected = null, sortKey = 'id', sortUp = true, events = [], pending = null;
  window.__swarmEvents = [];
  var $ = function (id) { return document.getElementById(id); };
  var el = function (tag, text, cls) { var e = document.createElement(tag); if (text !== undefined && text !== null) e.textContent = String(text); if (cls) e.className = cls; return e; };
  var fmtScore = function (s) { return s === null || s === undefined ? '\u2014' : String(Number(Number(s).toPrecision(6))); };
  var fmtMs = function (ms) { if (ms === null || ms === undefined) return '\u2014'; if (ms < 1000) return Math.round(ms) + 'ms'; if (ms < 60000) return (ms / 1000).toFixed(1) + 's'; var s = Math.round(ms / 1000); return Math.floor(s / 60) + 'm' + String(s % 60).padStart(2, '0') + 's'; };
  var getJson = function (url) { return fetch(url, { cache: 'no-store' }).then(function (r) { if (!r.ok) throw new Error(url + ': ' + r.status); return r.json(); }); };
  var getText = function (url) { return fetch(url, { cache: 'no-store' }).then(function (r) { return r.text(); }); };

  function renderHeader() {
    var s = state.status, run = s.run;
    $('title').textContent = 'swarm run ' + run.id + ' \u00b7 ' + run.objective.direction + ' ' + run.objective.metric + ' \u00b7 ' + run.status;
    var parts = [run.description];
    if (s.baseline) parts.push('baseline ' + s.baseline.id + ' = ' + fmtScore(s.baseline.score));
    parts.push(s.best ? 'best ' + s.best.id + ' = ' + fmtScore(s.best.score) : 'no scored attempt yet');
    $('summary').textContent = parts.filter(Boolean).join(' \u00b7 ');
    // Finished and running apart: attemptsUsed counts planned attempts, and a running one is not spent yet.
    var searchers = s.attempts.filter(function (a) { return a.role !== 'baseline'; });
    var finished = searchers.filter(function (a) { return a.status !== 'running'; }).length;
    var queued = searchers.filter(isQueued).length, running = searchers.length - finished - queued;
    var budget = 'budget: ' + run.attemptBudget + ' attempts \u00b7 ' + finished + ' finished, ' + running + ' running' + (queued > 0 ? ', ' + queued + ' queued' : '') + ', ' + Math.max(0, run.attemptBudget - searchers.length) + ' not started';
    if (s.costUsd > 0) budget += ' \u00b7 cost $' + s.costUsd.toFixed(4) + costPerRole(s.costByRole || []);
    if ((s.backends || []).length > 1) budget += ' \u00b7 backends: ' + backendFigures(s.backends);
    if (run.stopReason) budget += ' \u00b7 stopped: ' + run.stopReason;
    $('budget').textContent = budget;
  }

  // What each role's attempts spent, as swarm status computes it (state.status.costByRole).
  function costPerRole(byRole) { return byRole.length === 0 ? '' : ' (' + byRole.map(function (r) { return r.role + ' $' + r.costUsd.toFixed(4); }).join(' \u00b7 ') + ')'; }

  // Attempts, improvements and cost per agent.pool entry, as swarm status computes them (state.status.backends).
  function backendFigures(list) { return list.map(function (b) { return b.name + (b.model && b.name.indexOf(b.model) < 0 ? ' (' + b.model + ')' : '') + ' ' + b.attempts + ' attempts, ' + b.improvements + ' improved, $' + b.costUsd.toFixed(4); }).join(' \u00b7 '); }

  // Queued: planned but waiting for an agent slot, or not yet past prepare with nothing recorded of it.
  function isQueued(a) { return a.status === 'running' && (a.phase === 'waiting' || (a.phase === 'prepare' && !state.lastEvents[a.id])); }

  function renderInFlight() {
    var box = $('inflight'); box.textContent = '';
    var running = state.status.attempts.filter(function (a) { return a.status === 'running'; });
    if (running.length === 0) { box.textContent = 'nothing running'; box.className = 'muted'; return; }
    box.className = '';
    var table = el('table'); table.id = 'inflight-table';
    var head = el('tr'); ['attempt', 'role', 'parents', 'phase', 'elapsed', 'last event'].forEach(function (t) { head.appendChild(el('th', t)); });
    table.appendChild(head);
    running.forEach(function (a) {
      var tr = el('tr'); tr.setAttribute('data-attempt', a.id);
      var last = state.lastEvents[a.id];
      var q = isQueued(a);
      [a.id, a.role, a.parents.join(',') || '\u2014', q ? 'queued' : a.phase, q ? '\u2014' : fmtMs(a.startedAt === null ? null : Date.now() - a.startedAt), last ? last.type + ' (' + fmtMs(Date.now() - last.at) + ' ago)' : '\u2014']
        .forEach(function (v) { tr.appendChild(el('td', v)); });
      table.appendChild(tr);
    });
    box.appendChild(table);
  }

  var COLUMNS = [
    ['id', function (a) { return a.id; }], ['wave', function (a) { return a.wave; }], ['role', function (a) { return a.role; }],
    ['parents', function (a) { return a.parents.join(','); }], ['status', function (a) { return a.status === 'running' ? (isQueued(a) ? 'queued' : 'running (' + a.phase + ')') : a.status; }],
    ['score', function (a) { return a.status === 'scored' ? a.score : null; }], ['time', function (a) { return a.durationMs; }],
    ['flags', function (a) { return a.flags.join(', '); }], ['hypothesis', function (a) { return a.hypothesis || a.reason || ''; }]
  ];

  function renderTable() {
    var thead = document.querySelector('#attempts thead'), tbody = document.querySelector('#attempts tbody');
    thead.textContent = ''; tbody.textContent = '';
    var head = el('tr');
    COLUMNS.forEach(function (c) {
      var th = el('th', c[0] === 'score' ? state.status.run.objective.metric : c[0]);
      th.addEventListener('click', function () { sortUp = sortKey === c[0] ? !sortUp : true; sortKey = c[0]; renderTable(); });
      head.appendChild(th);
    });
    thead.appendChild(head);
    var fs = $('filter-status').value, fr = $('filter-role').value;
    var col = COLUMNS.find(function (c) { return c[0] === sortKey; });
    var rows = state.status.attempts.filter(function (a) { return (!fs || a.status === fs) && (!fr || a.role === fr); });
    rows.sort(function (x, y) {
      var a = col[1](x), b = col[1](y);
      if (a === null || a === undefined) return 1; if (b === null || b === undefined) return -1;
      var c = typeof a === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { numeric: true });
      return sortUp ? c : -c;
    });
    var bestId = state.status.best ? state.status.best.id : null;
    rows.forEach(function (a) {
      var tr = el('tr'); tr.setAttribute('data-attempt', a.id); tr.setAttribute('data-status', a.status);
      if (a.id === bestId) tr.className = 'best'; else if (a.status === 'failed' || a.status === 'invalid' || a.status === 'interrupted') tr.className = 'dead';
      COLUMNS.forEach(function (c) { var v = c[1](a); tr.appendChild(el('td', c[0] === 'score' ? fmtScore(v) : c[0] === 'time' ? fmtMs(v) : v)); });
      tr.addEventListener('click', function () { select(a.id); });
      tbody.appendChild(tr);
    });
  }

  var view = { x: 0, y: 0, k: 1 }, fitted = false;
  // The first tree drawn is scaled to the panel's width; later redraws keep the user's zoom and pan.
  function fitOnce() {
    var svg = document.querySelector('#tree-inner svg'); if (fitted || !svg) return;
    var width = parseFloat(svg.getAttribute('width')) || 1;
    view.k = Math.min(1, $('tree').clientWidth / width); fitted = true; applyView();
  }
  function applyView() { $('tree-inner').style.transform = 'translate(' + view.x + 'px,' + view.y + 'px) scale(' + view.k + ')'; }
  function bindTree() {
    document.querySelectorAll('#tree g.node').forEach(function (g) {
      var id = g.querySelector('title') ? g.querySelector('title').textContent : null;
      if (!id || id.indexOf('fold:') === 0) return;
      g.setAttribute('data-attempt', id);
      if (id === selected) g.classList.add('selected');
      g.addEventListener('click', function (e) { e.stopPropagation(); select(id); });
    });
  }
  (function zoomAndPan() {
    var box = $('tree'), drag = null;
    box.addEventListener('wheel', function (e) {
      e.preventDefault();
      var r = box.getBoundingClientRect(), px = e.clientX - r.left, py = e.clientY - r.top, k = view.k * Math.pow(1.1, -e.deltaY / 100);
      k = Math.min(8, Math.max(0.05, k));
      view.x = px - (px - view.x) * (k / view.k); view.y = py - (py - view.y) * (k / view.k); view.k = k; applyView();
    }, { passive: false });
    box.addEventListener('mousedown', function (e) { drag = { x: e.clientX - view.x, y: e.clientY - view.y }; });
    window.addEventListener('mousemove', function (e) { if (drag) { view.x = e.clientX - drag.x; view.y = e.clientY - drag.y; applyView(); } });
    window.addEventListener('mouseup', function () { drag = null; });
  })();

  function select(id) {
    selected = id;
    document.querySelectorAll('#tree g.node').forEach(function (g) { g.classList.toggle('selected', g.getAttribute('data-attempt') === id); });
    if (snapshot) { $('detail').textContent = 'Attempt ' + id + ': a snapshot holds no detail; swarm show ' + id + ' prints it.'; return; }
    getJson('/api/attempt/' + encodeURIComponent(id)).then(renderDetail).catch(function (e) { $('detail').textContent = String(e); });
  }

  function renderDetail(payload) {
    var d = payload.detail, a = d.attempt, box = $('detail');
    box.textContent = '';
    box.appendChild(el('h2', 'Attempt ' + a.id));
    var facts = [['role', a.role + ' \u00b7 ' + a.operator + ' \u00b7 ' + a.backend], ['parents', a.parents.join(', ') || '\u2014 (root)'],
      ['status', a.status === 'scored' ? 'scored ' + fmtScore(a.score) : a.status + (a.reason ? ': ' + a.reason : '')], ['hypothesis', a.hypothesis || '\u2014'],
      ['flags', a.flags.join(', ') || '\u2014'], ['branch', d.branch], ['transcript', d.transcriptPath || '\u2014'], ['logs', d.logDir]];
    var dl = el('dl');
    facts.forEach(function (f) { dl.appendChild(el('dt', f[0], 'muted')); dl.appendChild(el('dd', f[1])); });
    box.appendChild(dl);
    box.appendChild(el('h2', 'Diff (findings.md left out)'));
    var pre = el('pre'); pre.id = 'detail-diff';
    (payload.diff === null ? 'no committed change' : payload.diff || 'no change').split('\n').forEach(function (line) {
      var span = el('span', line + '\n', line.charAt(0) === '+' && line.indexOf('+++') !== 0 ? 'diff-add' : line.charAt(0) === '-' && line.indexOf('---') !== 0 ? 'diff-del' : '');
      pre.appendChild(span);
    });
    box.appendChild(pre);
    box.appendChild(el('h2', 'findings.md entry'));
    box.appendChild(el('pre', d.findingsEntry || '\u2014'));
    box.appendChild(el('h2', 'Evaluations (' + d.evaluations.length + ')'));
    d.evaluations.forEach(function (e) {
      box.appendChild(el('p', e.kind + '/' + e.stage + ' \u00b7 seed ' + e.seed + ' \u00b7 ' + (e.valid ? 'valid' : 'invalid') + ' \u00b7 score ' + fmtScore(e.score) + ' \u00b7 ' + fmtMs(e.durationMs) + (e.reason ? ' \u00b7 ' + e.reason : '')));
      if (e.stdoutTail) box.appendChild(el('div', 'stdout: ' + e.stdoutTail, 'tail'));
      if (e.stderrTail) box.appendChild(el('div', 'stderr: ' + e.stderrTail, 'tail'));
    });
  }

  function renderEvents() {
    var box = $('events'); box.textContent = '';
    events.slice(-30).reverse().forEach(function (e) { box.appendChild(el('div', new Date(e.at).toLocaleTimeString() + '  ' + e.type + (e.attemptId ? ' ' + e.attemptId : ''))); });
  }

  // --once: a snapshot written into the page; nothing is fetched and no event stream is opened.
  var snapshot = window.__swarmSnapshot || null;
  function refresh() {
    var load = snapshot ? Promise.resolve([snapshot.state, snapshot.treeSvg, snapshot.plotSvg]) : Promise.all([getJson('/api/state'), getText('/tree.svg'), getText('/plot.svg')]);
    return load.then(function (r) {
      state = r[0];
      $('tree-inner').innerHTML = r[1].replace(/^<\?xml[^>]*\?>/, '');
      $('plot').innerHTML = r[2].replace(/^<\?xml[^>]*\?>/, '');
      fitOnce(); bindTree(); renderHeader(); renderInFlight(); renderTable();
      document.body.setAttribute('data-last-event', String(state.lastEventId));
      document.body.setAttribute('data-run-status', state.status.run.status);
    });
  }
  function schedule() { if (pending) return; pending = setTimeout(function () { pending = null; refresh(); }, 100); }

  $('filter-status').addEventListener('change', renderTable);
  $('filter-role').addEventListener('change', renderTable);
  refresh().then(function () {
    if (snapshot) { document.body.setAttribute('data-snapshot', 'true'); return; }
    var source = new EventSource('/events');
    source.addEventListener('swarm', function (message) {
      var e = JSON.parse(message.data);
      events.push(e); window.__swarmEvents.push({ id: e.id, type: e.type, attemptId: e.attemptId, at: e.at, receivedAt: Date.now() });
      renderEvents(); schedule();
    });
  });
  // Phases change without events: while the run runs, read the state again every 2 s.
  if (!snapshot) setInterval(function () { if (state && state.status.run.status === 'running') schedule(); else if (state) renderInFlight(); }, 2000);
})();
`;
