// The workbench page: a scenario built in a form or written in YAML, whose
// every valid edit starts a new odds job on the server — its estimate,
// tightening as trials stream in, and its exact value where the ruleset's
// solver reaches — and cards that answer the designer's other questions
// (compare, sweep, tune, meta, spread, replay), each a job of its own.
// Nothing is fetched from anywhere but the server.

import {$, h, api, fileOf, save} from './lib.js';
import {state, tab, newJob, ownerOf, edit, seed, trials, validated, setText} from './page.js';
import {initEditor, showProblems} from './editor.js';
import {initForm} from './form.js';
import * as odds from './cards/odds.js';
import {wanted} from './cards/fields.js';
import * as compare from './cards/compare.js';
import * as sweep from './cards/sweep.js';
import * as tune from './cards/tune.js';
import * as meta from './cards/meta.js';
import * as spread from './cards/spread.js';
import * as replay from './cards/replay.js';
import * as skill from './cards/skill.js';

const cards = {compare, sweep, tune, meta, spread, replay};
// jobCards are the cards whose jobs the page runs: the tabbed cards, and
// the skill axis, which sits in the odds card.
const jobCards = {...cards, skill};
const titles = {odds: 'Odds', compare: 'Compare', sweep: 'Sweep', tune: 'Tune', meta: 'Meta', spread: 'Spread', replay: 'Replay'};

// Views: the form and the YAML of the scenario, and the cards, one shown
// at a time.
function tabs(nav, names, show) {
  for (const name of names) nav.append(h('button', {type: 'button', role: 'tab', id: 'tab-' + name, dataset: {name}, onclick: () => show(name)}, titles[name] || name));
}
export function showCard(name) {
  for (const b of $('card-tabs').children) b.classList.toggle('on', b.dataset.name === name);
  for (const c of document.querySelectorAll('.card')) c.hidden = c.id !== 'card-' + name;
  state.card = name;
  updatePermalink();
  // The cards that offer the text's fields fetch them once shown (fields.js).
  if (wanted() && state.validation && state.validation.ok) for (const c of [sweep, tune]) Promise.resolve(c.validated(state.validation)).catch((e) => console.error(e));
}
function showView(name) {
  for (const b of $('view-tabs').children) b.classList.toggle('on', b.dataset.name === name);
  $('form-view').hidden = name !== 'form';
  $('yaml-view').hidden = name !== 'yaml';
}

// The odds: 150 ms after typing pauses, a valid text replaces the tab's
// job. One request at a time, so that the server starts the tab's jobs in
// the order of the edits: an edit made while a request is out is sent when
// its reply is in. The form's edits (textedit operations) go with the
// odds' request, which answers the text edited: a pick is one round trip.
let debounce = 0, sending = false, resend = false, ops = [];
// runningKey is the scenario, seed and trials of the odds job that runs
// (or ran to its end), null when it was stopped or failed.
let runningKey = null;
function edits(more, at) {
  clearTimeout(debounce);
  ops.push(...more);
  if (state.editAt === null) state.editAt = at;
  submit();
}
function changed(whole) {
  clearTimeout(debounce);
  if (whole) submit();
  else debounce = setTimeout(submit, 150);
  updatePermalink();
}
async function submit() {
  if (sending) { resend = true; return; }
  sending = true;
  try { await send(); } finally {
    sending = false;
    if (resend) { resend = false; submit(); }
  }
}

async function send() {
  const t0 = state.editAt === null ? performance.now() : state.editAt;
  state.editAt = null;
  const mine = ops;
  ops = [];
  const failed = (e) => { $(mine.length ? 'form-status' : 'status').textContent = e.message; };
  if (!state.ready) {
    try {
      if (mine.length) edited((await api('/api/edit', {text: $('src').value, ops: mine})).text);
      await showValidation(await api('/api/validate', edit()));
    } catch (e) { failed(e); }
    return;
  }
  // The same scenario, seed and trials as the job that runs (a character
  // typed and taken back within the pause, a field left as it was) would
  // only start its twin: the job goes on.
  const sent = {edit: edit(), builtin: state.builtin, seed: seed(), trials: trials()};
  const keyOf = (text) => JSON.stringify([{...sent.edit, text}, sent.builtin, sent.seed, sent.trials]);
  if (!mine.length && keyOf(sent.edit.text) === runningKey) { state.unchanged++; return; }
  runningKey = null;
  const job = newJob('odds');
  const req = Object.assign({}, sent.edit, {tab, job, builtin: sent.builtin, seed: sent.seed, trials: sent.trials}, mine.length ? {ops: mine} : {});
  state.job = job; state.sent = t0;
  state.firstMs = state.pointMs = state.exactMs = state.exactFullMs = null; state.exact = state.headline = null; state.last = null; state.estimates = 0; state.history = []; state.done = false;
  $('exact').textContent = '…';
  $('command').textContent = '…';
  odds.reset();
  let r;
  try { r = await api('/api/odds', req); } catch (e) { failed(e); return; }
  if (typeof r.text === 'string') edited(r.text);
  const v = r.validation;
  if (v.ok) {
    if (state.job === job) runningKey = keyOf(typeof r.text === 'string' ? r.text : sent.edit.text);
    showProblems(v);
    odds.stale(false);
    odds.started(r, v);
    // The form is brought up to the text after the first estimate, not
    // before it: drawing it off the page and patching the page's holds the
    // page for milliseconds (a fleet's blueprints and their part lists),
    // and the estimate, which arrives just after this answer, would wait
    // behind it. Where a solver answers, the exact shares come next (a
    // solve of a large fleet, while the server's run waits for them) and
    // are not to wait behind it either: the form, which already shows the
    // pick, is redrawn after them, or 400 ms at most.
    await until(job, ['estimate'], 250, () => state.firstMs !== null);
    if (v.exact) await until(job, ['headline', 'exact', 'failed'], 400, () => state.headline !== null || state.exact !== null);
  }
  await showValidation(v);
  if (v.ok) state.replied = job;
}

// until resolves once an event of one of the kinds has come for the odds
// job (drawn: or already, as drawn says), or after ms.
const awaited = new Set();
function until(job, kinds, ms, drawn) {
  if (state.job === job && drawn()) return Promise.resolve();
  return new Promise((resolve) => {
    const w = {job, kinds, resolve};
    awaited.add(w);
    setTimeout(() => { awaited.delete(w); resolve(); }, ms);
  });
}
function arrived(job, kind) {
  for (const w of awaited) if (w.job === job && w.kinds.includes(kind)) { awaited.delete(w); w.resolve(); }
}

// edited puts the text the form's edits made in the editor, which the
// request that made them has validated already.
function edited(text) {
  $('src').value = text;
  updatePermalink();
}

// showValidation shows the server's word on the text: its errors at
// their lines and fields, the form brought up to the text, each card's
// fields; and
// marks stale every result of another text.
async function showValidation(v) {
  showProblems(v);
  odds.stale(!v.ok);
  await validated(v);
  for (const c of Object.values(jobCards)) {
    try {
      c.check(v.ok);
      if (v.ok) Promise.resolve(c.validated(v)).catch((e) => console.error(e));
    } catch (e) { console.error(e); }
  }
}

// A card's job: its request, numbered before it is sent; its events.
async function run(name) {
  const c = jobCards[name];
  const req = c.request();
  if (!req) return;
  const job = newJob(name);
  state[name + 'Job'] = job;
  state[name] = null;
  c.started();
  try {
    const r = await api('/api/' + name, Object.assign({tab, job, seed: seed()}, req));
    c.command(r);
    c.link(await permalinkAsync({run: name}));
  } catch (e) { if (state[name + 'Job'] === job) c.failed({error: e.message}); }
}

function dispatch(kind, data) {
  const owner = ownerOf(data.job);
  if (owner === 'odds') {
    if (data.job !== state.job) return; // an older edit's
    if (kind === 'estimate') odds.estimate(data);
    else if (kind === 'exact') odds.exact(data);
    else if (kind === 'headline') odds.headline(data);
    else if (kind === 'failed') { runningKey = null; $('state').textContent = 'failed: ' + data.error; }
    arrived(data.job, kind);
    return;
  }
  const c = jobCards[owner];
  if (!c || data.job !== state[owner + 'Job']) return;
  if (kind === 'failed') c.failed(data);
  else if (kind === owner + '-progress') c.progress(data);
  else if (kind === owner) c.answered(data);
}

// The permalink holds the scenario's text (deflated, base64url), its file
// name, seed, trials, the card shown and its settings in the address's
// fragment, which never reaches a server; and the page's text of the rules
// file the scenario reads by path (r=, its name rf=), which the server the
// link is opened on may not have, or have otherwise. A rules file named by
// name is crucible's own, and the name is enough.
let linkSeq = 0;
async function updatePermalink() {
  const mine = ++linkSeq;
  const href = await permalinkAsync({});
  if (mine === linkSeq) { $('permalink').href = href; $('odds-permalink').href = href; }
}
let lastPacked = {text: null, packed: ''}, lastRules = {text: null, packed: ''};
function permalink(extra) {
  const p = new URLSearchParams({name: $('name').value, seed: $('seed').value, trials: $('trials').value});
  if (state.builtin) p.set('builtin', state.builtin);
  if (state.folder) p.set('folder', state.folder);
  if (state.card && state.card !== 'odds') p.set('card', state.card);
  if (cards[state.card]) cards[state.card].params(p);
  if (extra && extra.run === 'skill') skill.params(p); // the skill check's own link
  for (const [k, v] of Object.entries(extra || {})) p.set(k, v);
  p.set('s', lastPacked.text === $('src').value ? lastPacked.packed : '');
  if (byPath()) {
    p.set('rf', state.rules.file);
    p.set('r', lastRules.text === $('rules-src').value ? lastRules.packed : '');
  }
  return '#' + p.toString();
}
async function permalinkAsync(extra) {
  const text = $('src').value;
  if (lastPacked.text !== text) lastPacked = {text, packed: await pack(text)};
  const rules = $('rules-src').value;
  if (byPath() && lastRules.text !== rules) lastRules = {text: rules, packed: await pack(rules)};
  return permalink(extra);
}

// byPath says whether the scenario reads a rules file by its path.
function byPath() { return state.rules !== null && !state.rules.named; }

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
  showRules(s.rules);
  setText(s.text);
}

// showRules puts the rules file a scenario reads (or none) in the editor
// beside the scenario's.
function showRules(r) {
  state.rules = r ? {file: r.file, named: r.named || ''} : null;
  $('rules-box').hidden = !r;
  $('src-title').hidden = !r;
  $('rules-src').value = r ? r.text : '';
  $('rules-file').textContent = r ? r.file : '';
  $('rules-note').textContent = r && r.named ? 'The scenario reads the rules file ' + r.named + ' by name; an edit here makes it read ./' + r.file + ' beside it (save both).' : '';
}

// rulesChanged re-runs the odds on an edit of the rules file, as on an
// edit of the scenario. A scenario that named the file by name reads it by
// path from now on, so that the page's text is the file it reads, and the
// pair, saved side by side, runs on the command line as on the page.
function rulesChanged() {
  if (state.rules && state.rules.named) {
    state.rules.named = '';
    $('rules-note').textContent = 'The scenario now reads ./' + state.rules.file + ' beside it: save both files to run them on the command line.';
    edits([{op: 'set', path: 'ruleset', value: './' + state.rules.file}], performance.now());
    return;
  }
  changed();
}

// restore fills the page from its address: a permalink's text (s=), or a
// built-in by name (#builtin=NAME&seed=S&trials=N, a link to start from);
// the card it names with its settings, run at once when it says run=.
async function restore() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.has('seed')) $('seed').value = p.get('seed');
  if (p.has('trials')) $('trials').value = p.get('trials');
  for (const c of Object.values(cards)) c.restore(p);
  skill.restore(p);
  if (p.has('card') && (p.get('card') in cards || p.get('card') === 'odds')) showCard(p.get('card'));
  if (!p.get('s') && p.has('builtin')) {
    await open('builtin=' + encodeURIComponent(p.get('builtin')));
  } else if (p.get('s')) {
    const text = await unpack(p.get('s'), state.maxBody);
    if (p.get('r')) showRules({file: p.get('rf') || 'rules.yaml', text: await unpack(p.get('r'), state.maxBody)});
    $('name').value = p.get('name') || 'scenario';
    state.folder = p.get('folder') || '';
    state.builtin = p.get('builtin') || '';
    setText(text);
  } else return;
  const name = p.get('run');
  if (name === 'skill') afterValid(() => skill.ready().then(() => run(name)));
  else if (cards[name]) afterValid(() => (cards[name].ready ? cards[name].ready() : Promise.resolve()).then(() => run(name)));
}

// afterValid calls fn once the text has been found valid.
function afterValid(fn) {
  const wait = () => (state.validation && state.validation.ok && !sending ? fn() : setTimeout(wait, 50));
  setTimeout(wait, 200);
}

async function catalogue() {
  const c = await api('/api/catalogue');
  state.maxBody = c.max_body;
  const picker = $('picker');
  const groups = {};
  for (const e of c.builtins) {
    if (!groups[e.ruleset]) groups[e.ruleset] = h('optgroup', {label: 'built-in: ' + e.ruleset});
    const o = new Option(e.name, 'builtin=' + encodeURIComponent(e.name)); o.title = e.description || '';
    groups[e.ruleset].append(o);
  }
  if (c.files && c.files.length) picker.append(h('optgroup', {label: 'files'}, c.files.map((f) => new Option(f, 'file=' + encodeURIComponent(f)))));
  picker.append(h('optgroup', {label: 'new scenario'}, c.rulesets.map((id) => new Option('new ' + id + ' scenario', 'template=' + encodeURIComponent(id)))));
  for (const g of Object.values(groups)) picker.append(g);
}

// stream is the tab's open event stream, or null while the page is hidden.
let stream = null;

function connect() {
  const es = new EventSource('/api/events?tab=' + tab);
  stream = es;
  es.addEventListener('hello', () => {
    state.ready = true;
    runningKey = null; // a new stream: the tab's jobs on the server ended with the old one
    $('connection').textContent = 'connected';
    if ($('src').value) changed();
  });
  for (const kind of ['estimate', 'headline', 'exact', 'failed']) es.addEventListener(kind, (m) => dispatch(kind, JSON.parse(m.data)));
  for (const name of Object.keys(jobCards)) for (const kind of [name, name + '-progress']) es.addEventListener(kind, (m) => dispatch(kind, JSON.parse(m.data)));
  es.onerror = () => { state.ready = false; $('connection').textContent = 'disconnected: retrying'; };
}

// A page left for another may be kept whole in the browser's back-forward
// cache, its stream open, and the server would go on with jobs nobody sees:
// the stream closes when the page is hidden (which ends the tab's jobs) and
// opens again if the page comes back, where hello asks for its answers anew.
function keepStreamWhileShown() {
  addEventListener('pagehide', () => {
    if (!stream) return;
    stream.close();
    stream = null;
    state.ready = false;
    $('connection').textContent = 'disconnected: page hidden';
  });
  addEventListener('pageshow', (e) => { if (e.persisted && !stream) connect(); });
}

function init() {
  tabs($('view-tabs'), ['form', 'yaml'], showView);
  $('tab-form').textContent = 'Form'; $('tab-yaml').textContent = 'YAML';
  tabs($('card-tabs'), ['odds', ...Object.keys(cards)], showCard);
  odds.mount($('card-odds'));
  skill.mount($('skill-box'), () => run('skill'));
  for (const [name, c] of Object.entries(cards)) c.mount($('card-' + name), () => run(name));
  showView('form');
  showCard('odds');
  initEditor(changed, rulesChanged);
  initForm(edits);
  for (const id of ['name', 'seed', 'trials']) $(id).addEventListener('input', () => changed());
  $('picker').addEventListener('change', (e) => { if (e.target.value) open(e.target.value).catch((err) => { $('status').textContent = err.message; }); });
  $('stop').addEventListener('click', () => (runningKey = null, api('/api/stop', {tab})).catch((e) => { $('status').textContent = e.message; }));
  $('download').addEventListener('click', () => save($('src').value, fileOf($('name').value)));
  $('rules-download').addEventListener('click', () => state.rules && save($('rules-src').value, state.rules.file.split('/').pop()));
  catalogue().then(restore).catch((e) => { $('status').textContent = e.message; });
  connect();
  keepStreamWhileShown();
}

init();
