// The workbench page: a scenario editor whose every valid edit starts a new
// job on the server, whose estimate, tightening as trials stream in, and
// exact value (where the ruleset's solver reaches) arrive on the tab's
// event stream. Nothing is fetched from anywhere but the server.
'use strict';

const $ = (id) => document.getElementById(id);
const tab = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).replace(/[^A-Za-z0-9_-]/g, '');

// state is what the page holds of its current job; tests read it
// (window.workbench) for the timings they record.
const state = {
  builtin: '', folder: '', maxBody: 1 << 20, job: 0, sent: 0, ready: false,
  firstMs: null, pointMs: null, exactMs: null, exact: null, last: null, estimates: 0, history: [], done: false, sweepJob: 0, sweep: null, tuneJob: 0, tune: null, compareJob: 0, compare: null, spreadJob: 0, spread: null,
};
window.workbench = state;

const src = $('src'), gutter = $('gutter');
let debounce = 0;

function pct(p) { return (100 * p).toFixed(2) + ' %'; }
function pts(lo, hi) { return '[' + (100 * lo).toFixed(2) + ', ' + (100 * hi).toFixed(2) + ']'; }

async function api(path, body) {
  const opts = body === undefined ? {} : {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)};
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({error: res.statusText}));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function edit() { return {name: $('name').value, text: src.value, folder: state.folder}; }

// The page numbers its jobs before it asks for them: a job's events carry
// its number, and may arrive before the answer to the request (a job can
// end first), so the page must know the number before it asks.
let jobs = 0;
function nextJob() { return ++jobs; }

// seed is the seed field as the server takes it: a string of digits, kept
// exact above 2^53, where a JavaScript number is not.
function seed() { const v = $('seed').value.trim(); return /^[0-9]+$/.test(v) ? v : '0'; }

// The editor's gutter: one number a line, the lines with a problem marked.
function renderGutter(bad) {
  const n = src.value.split('\n').length;
  const out = [];
  for (let i = 1; i <= n; i++) out.push(bad && bad.has(i) ? '<span class="bad" data-line="' + i + '">' + i + '</span>' : String(i));
  gutter.innerHTML = out.join('\n');
  gutter.scrollTop = src.scrollTop;
}
src.addEventListener('scroll', () => { gutter.scrollTop = src.scrollTop; });

// The fields a sweep may vary, kept while the text keeps them.
function showFields(fields) {
  const sel = $('sweep-field'), was = sel.value;
  sel.textContent = '';
  for (const f of fields || []) {
    const o = new Option(f.path + (f.value ? ' (' + f.value + ')' : ''), f.path);
    o.dataset.value = f.value || (f.min !== undefined ? f.min : '');
    sel.appendChild(o);
  }
  if ([...sel.options].some((o) => o.value === was)) sel.value = was;
  else if (sel.options.length) suggestValues();
}

function suggestValues() {
  const o = $('sweep-field').selectedOptions[0];
  if (!o) return;
  const v = Number(o.dataset.value);
  $('tune-range').value = Number.isInteger(v) ? Math.max(0, v - 3) + '..' + (v + 3) : (v / 2) + '..' + (v * 1.5);
  $('sweep-values').value = Number.isInteger(v) ? Math.max(0, v - 3) + '..' + (v + 3) : (v / 2) + '..' + (v * 1.5) + ':' + (v / 4);
}
$('sweep-field').addEventListener('change', suggestValues);

function showProblems(v) {
  const list = $('problems');
  list.textContent = '';
  const bad = new Set();
  for (const p of v.problems || []) {
    const li = document.createElement('li');
    li.dataset.line = p.line; li.dataset.col = p.col;
    li.textContent = p.message;
    list.appendChild(li);
    if (p.line > 0) bad.add(p.line);
  }
  renderGutter(bad);
  $('status').textContent = v.message;
}

// changed runs after every edit, debounced: validate, then (if valid)
// replace the tab's job with one for the new text.
function changed() {
  renderGutter();
  clearTimeout(debounce);
  debounce = setTimeout(submit, 150);
}
src.addEventListener('input', changed);
for (const id of ['name', 'seed', 'trials']) $(id).addEventListener('input', changed);

// submit sends one request at a time, so that the replies come in the
// order of the edits and the server starts the tab's jobs in that order:
// an edit made while a request is out is sent when its reply is in.
let sending = false, resend = false;
async function submit() {
  if (sending) { resend = true; return; }
  sending = true;
  try { await send(); } finally {
    sending = false;
    if (resend) { resend = false; submit(); }
  }
}

async function send() {
  const t0 = performance.now();
  updatePermalink();
  if (!state.ready) {
    try { showValidation(await api('/api/validate', edit())); } catch (e) { $('status').textContent = e.message; }
    return;
  }
  const job = nextJob();
  const req = Object.assign(edit(), {tab, job, builtin: state.builtin, seed: seed(), trials: Number($('trials').value) || 0});
  state.job = job; state.sent = t0;
  state.firstMs = state.pointMs = state.exactMs = null; state.exact = null; state.last = null; state.estimates = 0; state.history = []; state.done = false;
  $('exact').textContent = '…';
  let r;
  try { r = await api('/api/odds', req); } catch (e) { $('status').textContent = e.message; return; }
  const v = r.validation;
  showValidation(v);
  if (!v.ok) return;
  $('command').textContent = r.command;
  $('trials-planned').textContent = r.trials.toLocaleString('en');
  if ($('exact').textContent === '…') $('exact').textContent = v.exact ? 'solving…' : 'no solver for ' + v.ruleset;
  if (!state.done) $('state').textContent = 'running';
}

function showValidation(v) {
  showProblems(v);
  if (v.ok) api('/api/fields', edit()).then((r) => showFields(r.fields)).catch(() => {});
}

function handle(kind, data) {
  if (data.job !== state.job) return; // an older job's
  if (kind === 'estimate') estimate(data);
  else if (kind === 'exact') exact(data);
  else if (kind === 'failed') { $('state').textContent = 'failed: ' + data.error; }
}

// The page's commands beside its odds (sweep, tune, compare, spread): each
// is a job of its own, started by its button, whose events say how far it
// is and bring its answer. command registers one: request returns what to
// ask (null: nothing), progress the line of a progress event, show draws
// the answer and returns its line.
const commands = {};
function command(kind, request, progress, show) {
  commands[kind] = {progress, show};
  $(kind).addEventListener('click', async () => {
    const req = request();
    if (!req) return;
    const job = nextJob();
    state[kind + 'Job'] = job; state[kind] = null;
    $(kind + '-state').textContent = 'running';
    if ($(kind + '-answer')) $(kind + '-answer').textContent = '';
    try {
      const r = await api('/api/' + kind, Object.assign({tab, job, seed: seed()}, req));
      $(kind + '-command').textContent = r.command;
    } catch (e) { if (state[kind + 'Job'] === job) $(kind + '-state').textContent = e.message; }
  });
}

function handleCommand(kind, event, data) {
  if (data.job !== state[kind + 'Job']) return;
  const line = $(kind + '-state');
  if (event === 'failed') line.textContent = 'failed: ' + data.error;
  else if (event === kind + '-progress') line.textContent = commands[kind].progress(data);
  else { state[kind] = data; line.textContent = commands[kind].show(data); }
}

function answer(kind) { return (d) => { $(kind + '-answer').textContent = d.text; return d.stopped ? 'stopped' : (d.error ? 'failed: ' + d.error : 'done'); }; }

command('sweep',
  () => Object.assign(edit(), {trials: Math.min(Number($('trials').value) || 10000, 100000), vary: $('sweep-field').value + '=' + $('sweep-values').value}),
  (d) => 'point ' + d.step + ' of ' + d.steps + ': ' + d.name,
  (d) => { curve(d); return (d.stopped ? 'stopped after ' : 'done: ') + d.points.length + ' points of ' + d.metric + ' over ' + d.path + (d.error ? ' (' + d.error + ')' : ''); });

command('tune',
  () => Object.assign(edit(), {vary: $('sweep-field').value + '=' + $('tune-range').value, target: $('tune-target').value}),
  (d) => 'probing ' + d.name, answer('tune'));

// The copy kept as A, which the text as it is now (B) is compared with.
let kept = null;
$('keep').addEventListener('click', () => { kept = edit(); $('compare-state').textContent = 'A kept: ' + fileOf(kept.name); });
$('download-a').addEventListener('click', () => { if (kept) save(kept.text, fileOf(kept.name)); });
command('compare',
  () => { if (!kept) { $('compare-state').textContent = 'keep a copy as A first'; return null; } return {a: kept, b: edit(), trials: Number($('trials').value) || 0}; },
  (d) => 'pass ' + d.step + ' of ' + d.steps + ': ' + d.name,
  (d) => { answer('compare')(d); return d.verdict; });

command('spread', () => Object.assign(edit(), {trials: Number($('trials').value) || 0}), (d) => 'playing ' + d.name, answer('spread'));

function curve(d) {
  const svg = $('sweep-plot');
  svg.textContent = '';
  const n = d.points.length;
  if (!n) return;
  const x = (i) => 40 + (n === 1 ? 200 : 420 * i / (n - 1)), y = (p) => 180 - 170 * p;
  for (const p of [0, 0.5, 1]) {
    svg.appendChild(el('line', {x1: 40, x2: 460, y1: y(p), y2: y(p), stroke: '#ddd'}));
    svg.appendChild(el('text', {x: 0, y: y(p) + 4}, (100 * p) + ' %'));
  }
  d.points.forEach((p, i) => {
    svg.appendChild(el('line', {x1: x(i), x2: x(i), y1: y(p.lo), y2: y(p.hi), stroke: 'var(--a)', 'stroke-width': 2}));
    svg.appendChild(el('circle', {cx: x(i), cy: y(p.share), r: 3, fill: 'var(--a)', 'data-share': p.share}));
    if (p.exact !== undefined) svg.appendChild(el('circle', {cx: x(i), cy: y(p.exact), r: 4, fill: 'none', stroke: '#2e7d32'}));
    svg.appendChild(el('text', {x: x(i), y: 196, 'text-anchor': 'middle'}, p.value));
  });
}

function estimate(d) {
  const now = performance.now() - state.sent;
  const r = d.result;
  state.last = r; state.estimates++;
  state.history.push({ms: now, trials: r.trials, precision: d.precision});
  if (d.final) state.done = true;
  if (state.firstMs === null) state.firstMs = now;
  if (state.pointMs === null && d.precision <= 0.01) state.pointMs = now;
  const labels = r.labels || {a: 'a', b: 'b'};
  $('label-a').textContent = labels.a; $('label-b').textContent = labels.b;
  if (!state.exact) showShares(r);
  $('trials-done').textContent = r.trials.toLocaleString('en');
  $('precision').textContent = (100 * d.precision).toFixed(2);
  $('elapsed').textContent = (d.ms / 1000).toFixed(2) + ' s';
  $('state').textContent = d.final ? (d.stopped ? 'stopped' : 'done') : 'running';
  $('mc').textContent = state.exact ? mcLine(r) : '';
  rounds(r); ends(r); counters(r);
}

function mcLine(r) {
  return 'Monte Carlo: ' + ['a', 'b'].map((s) => pct(r.wins[s] / r.trials) + ' ' + pts(...r.intervals['wins.' + s])).join(', ');
}

function showShares(r) {
  for (const s of ['a', 'b', 'none']) {
    $('share-' + s).textContent = pct(r.wins[s] / r.trials);
    $('interval-' + s).textContent = pts(...r.intervals['wins.' + s]);
  }
  bar(r.wins.a / r.trials, r.wins.b / r.trials, r.intervals['wins.a']);
}

function exact(d) {
  if (d.error) { $('exact').textContent = 'none: ' + d.error; return; }
  const e = d.result.exact;
  state.exact = e; state.exactMs = performance.now() - state.sent;
  for (const [s, k] of [['a', 'a'], ['b', 'b'], ['none', 'draw']]) {
    $('share-' + s).innerHTML = '';
    $('share-' + s).append(pct(e[k]) + ' ');
    const m = document.createElement('span'); m.className = 'exact-mark'; m.textContent = 'exact';
    $('share-' + s).appendChild(m);
    $('interval-' + s).textContent = '';
  }
  bar(e.a, e.b, null);
  if (state.last) $('mc').textContent = mcLine(state.last);
  $('exact').textContent = 'P(a) = ' + e.a.toPrecision(6) + ', P(b) = ' + e.b.toPrecision(6) + ', E[rounds] = ' + e.rounds_mean.toPrecision(5) + ' (' + (e.states || 0) + ' states, ' + d.ms.toFixed(0) + ' ms)';
  if (state.last) rounds(state.last);
}

const svgNS = 'http://www.w3.org/2000/svg';
function el(name, attrs, text) {
  const n = document.createElementNS(svgNS, name);
  for (const k in attrs) n.setAttribute(k, attrs[k]);
  if (text !== undefined) n.textContent = text;
  return n;
}

function bar(a, b, ci) {
  a = Math.min(Math.max(a, 0), 1); b = Math.min(Math.max(b, 0), 1 - a);
  const svg = $('bar');
  svg.textContent = '';
  svg.appendChild(el('rect', {x: 0, y: 4, width: 1000 * a, height: 20, fill: 'var(--a)'}));
  svg.appendChild(el('rect', {x: 1000 * a, y: 4, width: 1000 * (1 - a - b), height: 20, fill: 'var(--none)'}));
  svg.appendChild(el('rect', {x: 1000 * (1 - b), y: 4, width: 1000 * b, height: 20, fill: 'var(--b)'}));
  if (ci) svg.appendChild(el('rect', {x: 1000 * ci[0], y: 0, width: Math.max(2, 1000 * (ci[1] - ci[0])), height: 28, fill: 'none', stroke: '#000', 'stroke-width': 2}));
}

function table(id, head, rows) {
  const t = $(id);
  t.textContent = '';
  const tr = t.insertRow();
  for (const h of head) { const th = document.createElement('th'); th.textContent = h; tr.appendChild(th); }
  for (const r of rows) { const row = t.insertRow(); for (const c of r) row.insertCell().textContent = c; }
}

function rounds(r) {
  const h = r.rounds;
  table('rounds', ['', h.unit || 'rounds'], [['mean', h.mean.toFixed(3)], ['p50', h.p50], ['p90', h.p90], ['p99', h.p99], ['max', h.max]]);
  const svg = $('rounds-plot');
  svg.textContent = '';
  const bins = Object.entries(h.hist).map(([k, v]) => [Number(k), v / r.trials]);
  if (!bins.length) return;
  const cut = Math.max(h.p99, 1), shown = bins.filter(([k]) => k <= cut);
  const ex = state.exact && state.exact.rounds ? Object.entries(state.exact.rounds).map(([k, v]) => [Number(k), v]).filter(([k]) => k <= cut) : [];
  const top = Math.max(...shown.map((b) => b[1]), ...ex.map((b) => b[1]), 1e-9);
  const lo = Math.min(...shown.map((b) => b[0])), w = 440 / (cut - lo + 1);
  for (const [k, p] of shown) svg.appendChild(el('rect', {x: 30 + (k - lo) * w, y: 160 - 150 * p / top, width: Math.max(w - 1, 1), height: 150 * p / top, fill: 'var(--a)'}));
  for (const [k, p] of ex) svg.appendChild(el('circle', {cx: 30 + (k - lo + 0.5) * w, cy: 160 - 150 * p / top, r: 2.5, fill: '#2e7d32'}));
  svg.appendChild(el('text', {x: 30, y: 175}, String(lo)));
  svg.appendChild(el('text', {x: 470, y: 175, 'text-anchor': 'end'}, cut + (cut < h.max ? ' (cut at p99)' : '')));
  svg.appendChild(el('text', {x: 0, y: 12}, (100 * top).toFixed(1) + ' %'));
}

function ends(r) {
  table('ends', ['end', 'share', '95 % interval'], Object.entries(r.ends).filter(([, n]) => n > 0).map(([k, n]) => [k, pct(n / r.trials), pts(...r.intervals['ends.' + k])]));
}

function counters(r) {
  const m = r.counter_means || {};
  table('counters', ['counter', 'mean'], Object.entries(m).map(([k, v]) => [k, v.toFixed(3)]));
}

// The permalink holds the scenario's text (deflated, base64url), its file
// name, seed and trials in the URL's fragment, which never reaches a server.
async function updatePermalink() {
  const p = new URLSearchParams({name: $('name').value, seed: $('seed').value, trials: $('trials').value});
  if (state.builtin) p.set('builtin', state.builtin);
  if (state.folder) p.set('folder', state.folder);
  p.set('s', await pack(src.value));
  $('permalink').href = '#' + p.toString();
}

async function pack(text) {
  const bytes = new TextEncoder().encode(text);
  const z = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  let bin = '';
  for (const b of z) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// unpack inflates a permalink's text, at most limit bytes of it: a link
// may hold a deflate bomb (a few kilobytes that inflate to gigabytes), so
// inflating stops at the server's --max-body, the most it would read.
async function unpack(s, limit) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const z = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const reader = new Blob([z]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel();
      throw new Error('the permalink\'s text is larger than ' + limit.toLocaleString('en') + ' bytes, the most the workbench reads (crucible serve --max-body): it was not opened');
    }
    parts.push(value);
  }
  return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
}

async function open(query) {
  const s = await api('/api/scenario?' + query);
  const picker = $('picker');
  if ([...picker.options].some((o) => o.value === query)) picker.value = query; // opened by a link, too
  state.builtin = s.builtin || '';
  state.folder = s.folder || '';
  $('name').value = s.name;
  src.value = s.text;
  changed();
}

// restore fills the page from its address: a permalink's text (s=), or a
// built-in by name (#builtin=NAME&seed=S&trials=N, a link to start from).
async function restore() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.has('s') && p.has('builtin')) {
    if (p.has('seed')) $('seed').value = p.get('seed');
    if (p.has('trials')) $('trials').value = p.get('trials');
    await open('builtin=' + encodeURIComponent(p.get('builtin')));
    return true;
  }
  if (!p.has('s')) return false;
  src.value = await unpack(p.get('s'), state.maxBody);
  $('name').value = p.get('name') || 'scenario';
  $('seed').value = p.get('seed') || '1';
  state.folder = p.get('folder') || '';
  $('trials').value = p.get('trials') || '0';
  state.builtin = p.get('builtin') || '';
  changed();
  return true;
}

async function catalogue() {
  const c = await api('/api/catalogue');
  state.maxBody = c.max_body;
  const picker = $('picker');
  const groups = {};
  for (const e of c.builtins) {
    if (!groups[e.ruleset]) { groups[e.ruleset] = document.createElement('optgroup'); groups[e.ruleset].label = 'built-in: ' + e.ruleset; }
    const o = new Option(e.name, 'builtin=' + encodeURIComponent(e.name)); o.title = e.description || '';
    groups[e.ruleset].appendChild(o);
  }
  if (c.files && c.files.length) {
    const g = document.createElement('optgroup'); g.label = 'files';
    for (const f of c.files) g.appendChild(new Option(f, 'file=' + encodeURIComponent(f)));
    picker.appendChild(g);
  }
  const t = document.createElement('optgroup'); t.label = 'new scenario';
  for (const id of c.rulesets) t.appendChild(new Option('new ' + id + ' scenario', 'template=' + encodeURIComponent(id)));
  picker.appendChild(t);
  for (const id of Object.keys(groups)) picker.appendChild(groups[id]);
}

$('picker').addEventListener('change', (e) => { if (e.target.value) open(e.target.value).catch((err) => { $('status').textContent = err.message; }); });
$('stop').addEventListener('click', () => api('/api/stop', {tab}).catch((e) => { $('status').textContent = e.message; }));
function save(text, file) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], {type: 'application/yaml'}));
  a.download = file;
  a.click();
  URL.revokeObjectURL(a.href);
}
$('download').addEventListener('click', () => save(src.value, fileOf($('name').value)));
command('replay', () => Object.assign(edit(), {trial: Number($('trial').value) || 0}), () => 'playing', answer('replay'));

// fileOf is the server's fileName: the name the scenario is saved as,
// of letters, digits, '_', '-' and '.' only, neither '-' nor '.' first.
function fileOf(name) {
  name = name.replace(/\.ya?ml$/, '').replace(/[^A-Za-z0-9_.-]/gu, '-').replace(/^[.-]+/, '');
  return (name || 'scenario') + '.yaml';
}

function connect() {
  const es = new EventSource('/api/events?tab=' + tab);
  es.addEventListener('hello', () => {
    state.ready = true;
    $('connection').textContent = 'connected';
    if (src.value) changed();
  });
  for (const kind of ['estimate', 'exact', 'failed']) es.addEventListener(kind, (m) => handle(kind, JSON.parse(m.data)));
  for (const kind of Object.keys(commands)) {
    for (const ev of [kind + '-progress', kind, 'failed']) es.addEventListener(ev, (m) => handleCommand(kind, ev, JSON.parse(m.data)));
  }
  es.onerror = () => { state.ready = false; $('connection').textContent = 'disconnected: retrying'; };
}

catalogue().then(restore).catch((e) => { $('status').textContent = e.message; });
connect();
