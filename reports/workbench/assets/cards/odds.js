// The odds card: the shares by side name, tightening as trials stream in,
// replaced by the exact value where the solver reaches (marked exact);
// the rounds and the counters' distributions (P(at least k) per side);
// the end reasons and the counters' means by side name.

import {$, h, pct, interval, sideOf, labelsOf} from '../lib.js';
import {state} from '../page.js';
import {s, histogram, lineChart} from '../chart.js';
import * as why from './why.js';

export function mount(root) {
  const side = (k, word) => h('div', {class: 'side', id: 'side-' + k},
    h('span', {class: 'label', id: 'label-' + k}, k), ' ' + word + ' ', h('span', {class: 'share', id: 'share-' + k}, '–'), ' ', h('span', {class: 'interval', id: 'interval-' + k}));
  root.append(
    h('div', {id: 'headline', class: 'headline'},
      h('div', {class: 'sides'}, side('a', 'wins'), side('b', 'wins'),
        h('div', {class: 'side', id: 'side-none'}, 'no winner ', h('span', {class: 'share', id: 'share-none'}, '–'), ' ', h('span', {class: 'interval', id: 'interval-none'}))),
      s('svg', {id: 'bar', width: '100%', height: 28, viewBox: '0 0 1000 28', preserveAspectRatio: 'none', role: 'img', 'aria-label': 'win shares'})),
    h('div', {id: 'skill-box'}), // "is this the players' skill?" (skill.js)
    h('p', {class: 'stale-note', id: 'odds-stale', hidden: true}, 'Stale: the text has an error — these are the odds of the text before it.'),
    h('p', {id: 'progress', class: 'muted'}, h('span', {id: 'state'}, 'idle'), ' · ', h('span', {id: 'trials-done'}, '0'), ' of ',
      h('span', {id: 'trials-planned'}, '0'), ' trials · ±', h('span', {id: 'precision'}, '–'), ' points · ', h('span', {id: 'elapsed'}, '–')),
    h('p', {id: 'exact-line', class: 'muted'}, 'exact: ', h('span', {id: 'exact'}, '–'), ' ', h('code', {id: 'exact-command', class: 'command', hidden: true})),
    h('p', {id: 'mc', class: 'muted'}),
    h('p', {class: 'reproduce'}, 'Reproduce: ', h('code', {id: 'command', class: 'command'}, '–'), ' ', h('a', {id: 'odds-permalink', class: 'permalink', href: '#'}, 'Permalink')),
    h('div', {class: 'grid'},
      h('div', {}, h('h3', {}, 'Rounds'), s('svg', {id: 'rounds-plot', width: '100%', role: 'img', 'aria-label': 'rounds'}), h('div', {class: 'scroll'}, h('table', {id: 'rounds'}))),
      h('div', {}, h('h3', {}, 'Ends'), h('div', {class: 'scroll'}, h('table', {id: 'ends'})), h('h3', {}, 'Counters'), h('div', {class: 'scroll'}, h('table', {id: 'counters'})))),
    h('div', {id: 'atleast-box', hidden: true}, h('h3', {}, 'How many are left'), s('svg', {id: 'atleast-plot', width: '100%', role: 'img', 'aria-label': 'at least'})),
  );
}

// started resets the card for a new job.
export function started(r, v) {
  $('command').textContent = r.command;
  $('trials-planned').textContent = r.trials.toLocaleString('en');
  if ($('exact').textContent === '…') $('exact').textContent = v.exact ? 'solving…' : 'no solver for ' + v.ruleset;
  if (!state.done) $('state').textContent = 'running';
}

// stale marks the odds as those of an earlier text.
export function stale(on) {
  $('odds-stale').hidden = !on;
  $('card-odds').classList.toggle('stale', on);
}

export function estimate(d) {
  const now = performance.now() - state.sent;
  const r = d.result;
  state.last = r; state.estimates++;
  state.history.push({ms: now, trials: r.trials, precision: d.precision});
  if (d.final) state.done = true;
  if (state.firstMs === null) state.firstMs = now;
  if (state.pointMs === null && d.precision <= 0.01) state.pointMs = now;
  const labels = labelsOf(r);
  $('label-a').textContent = labels.a; $('label-b').textContent = labels.b;
  if (!state.exact && !state.headline) shares(r);
  $('trials-done').textContent = r.trials.toLocaleString('en');
  $('precision').textContent = (100 * d.precision).toFixed(2);
  $('elapsed').textContent = (d.ms / 1000).toFixed(2) + ' s';
  $('state').textContent = d.final ? (d.stopped ? 'stopped' : 'done') : 'running';
  $('mc').textContent = state.exact || state.headline ? mcLine(r) : '';
  details(r, d.final);
}

// details draws the rounds, ends and counters of the latest estimate: at
// once for the first and the last, else at most every 300 ms, so that a
// stream of estimates never holds the page up.
let drawnAt = 0, pending = null;
export function reset() { drawnAt = 0; pending = null; why.reset(); }
function details(r, final) {
  pending = r;
  const due = drawnAt + 300 - performance.now();
  if (final || drawnAt === 0 || due <= 0) return drawDetails();
  if (!details.timer) details.timer = setTimeout(() => { details.timer = 0; drawDetails(); }, due);
}
function drawDetails() {
  const r = pending;
  if (!r) return;
  pending = null;
  drawnAt = performance.now();
  rounds(r); ends(r); counters(r); atLeast(r);
}

// mcLine is the estimate's shares beside the exact ones.
function mcLine(r) {
  const labels = labelsOf(r);
  return 'Monte Carlo: ' + ['a', 'b'].map((k) => labels[k] + ' ' + pct(r.wins[k] / r.trials) + ' ' + interval(...r.intervals['wins.' + k])).join(', ');
}

function shares(r) {
  for (const k of ['a', 'b', 'none']) {
    $('share-' + k).textContent = pct(r.wins[k] / r.trials);
    $('interval-' + k).textContent = interval(...r.intervals['wins.' + k]);
  }
  bar(r.wins.a / r.trials, r.wins.b / r.trials, r.intervals['wins.a']);
}

// headline draws the exact shares a solver gave ahead of its rounds
// distribution, which the exact event brings with the rest.
export function headline(d) {
  if (state.exact) return; // the whole solution came first (it never should)
  state.headline = d.result.exact;
  if (state.exactMs === null) state.exactMs = performance.now() - state.sent;
  exactShares(d, ' (rounds distribution to come)');
}

export function exact(d) {
  if (d.error) { $('exact').textContent = 'none: ' + d.error; return; }
  state.exact = d.result.exact;
  const now = performance.now() - state.sent;
  state.exactFullMs = now;
  if (state.exactMs === null) state.exactMs = now;
  exactShares(d, '');
  if (state.last) { rounds(state.last); atLeast(state.last); }
}

// exactShares puts the exact shares of d in place of the estimate's, and
// the exact line, the command that reproduces it after it.
function exactShares(d, more) {
  const e = d.result.exact;
  for (const [k, w] of [['a', 'a'], ['b', 'b'], ['none', 'draw']]) {
    $('share-' + k).textContent = '';
    $('share-' + k).append(pct(e[w]) + ' ', h('span', {class: 'exact-mark'}, 'exact'));
    $('interval-' + k).textContent = '';
  }
  if (d.result.labels) { $('label-a').textContent = d.result.labels.a; $('label-b').textContent = d.result.labels.b; }
  bar(e.a, e.b, null);
  if (state.last) $('mc').textContent = mcLine(state.last);
  $('exact').textContent = 'P(' + $('label-a').textContent + ' wins) = ' + e.a.toPrecision(6) + ', P(' + $('label-b').textContent + ' wins) = ' + e.b.toPrecision(6) +
    ', E[rounds] = ' + e.rounds_mean.toPrecision(5) + ' (' + (e.states || 0) + ' states, ' + d.ms.toFixed(0) + ' ms)' + more;
  $('exact-command').textContent = d.command;
  $('exact-command').hidden = false;
}

function bar(a, b, ci) {
  a = Math.min(Math.max(a, 0), 1); b = Math.min(Math.max(b, 0), 1 - a);
  const svg = $('bar');
  svg.textContent = '';
  svg.append(s('rect', {x: 0, y: 4, width: 1000 * a, height: 20, fill: 'var(--a)'}));
  svg.append(s('rect', {x: 1000 * a, y: 4, width: 1000 * (1 - a - b), height: 20, fill: 'var(--none)'}));
  svg.append(s('rect', {x: 1000 * (1 - b), y: 4, width: 1000 * b, height: 20, fill: 'var(--b)'}));
  if (ci) svg.append(s('rect', {x: 1000 * ci[0], y: 0, width: Math.max(2, 1000 * (ci[1] - ci[0])), height: 28, fill: 'none', stroke: '#000', 'stroke-width': 2}));
}

function table(id, head, rows) {
  const t = $(id);
  t.textContent = '';
  t.append(h('tr', {}, head.map((c) => h('th', {}, c))));
  for (const r of rows) t.append(h('tr', {}, r.map((c) => h('td', {}, c))));
}

function rounds(r) {
  const hr = r.rounds, unit = hr.unit || 'rounds';
  table('rounds', ['', unit], [['mean', hr.mean.toFixed(3)], ['p50', hr.p50], ['p90', hr.p90], ['p99', hr.p99], ['max', hr.max]]);
  const bins = Object.entries(hr.hist).map(([k, v]) => [Number(k), v / r.trials]);
  if (!bins.length) { $('rounds-plot').textContent = ''; return; }
  const cut = Math.max(hr.p99, 1);
  const ex = state.exact && state.exact.rounds ? Object.entries(state.exact.rounds).map(([k, v]) => [Number(k), v]).filter(([k]) => k <= cut) : [];
  histogram($('rounds-plot'), {bins: bins.filter(([k]) => k <= cut), exact: ex, xTitle: unit + (cut < hr.max ? ' (cut at the 99th percentile, ' + cut + ')' : ''),
    yTitle: 'share of battles', note: ex.length ? '● exact' : ''});
}

// ends draws the share of each way the battles ended. Each row names its
// end (data-end) and offers games that ended so ("why?", why.js).
function ends(r) {
  const seen = Object.entries(r.ends).filter(([, n]) => n > 0);
  table('ends', ['end', 'share', '95 % interval'], seen.map(([k, n]) => [k, pct(n / r.trials), interval(...r.intervals['ends.' + k])]));
  [...$('ends').rows].slice(1).forEach((tr, i) => { tr.dataset.end = seen[i][0]; });
  why.decorate($('ends'), r, () => $('command').textContent);
}

function counters(r) {
  const m = r.counter_means || {};
  table('counters', ['counter', 'mean'], Object.entries(m).map(([k, v]) => [sideOf(k, r.labels), v.toFixed(3)]));
}

// atLeast draws P(at least k) of every distribution counter, a curve each,
// the exact one dashed beside it where the solver gave it.
function atLeast(r) {
  const hists = r.counter_hists || {};
  const names = Object.keys(hists);
  $('atleast-box').hidden = !names.length;
  if (!names.length) return;
  const colours = {a: ['#2f6db5', '#6f9bd1', '#153e70', '#9ab8e0'], b: ['#c0392b', '#e07a6e', '#7a1f16', '#efaaa2']};
  const used = {a: 0, b: 0};
  const series = [];
  for (const name of names) {
    const hist = hists[name], k0 = Math.max(1, hist.min), pts = [];
    const side = name.startsWith('b.') ? 'b' : 'a', colour = colours[side][used[side]++ % 4];
    for (let k = k0; k <= hist.max; k++) {
      let at = 0;
      for (const [v, c] of Object.entries(hist.hist)) if (Number(v) >= k) at += c;
      pts.push({x: k, y: at / hist.n});
    }
    if (!pts.length) continue;
    const label = sideOf(name, r.labels);
    series.push({label, color: colour, points: pts});
    const ex = state.exact && state.exact.counters && state.exact.counters[name];
    if (ex && ex.p) {
      const ep = [];
      for (let k = k0; k < ex.p.length; k++) ep.push({x: k, y: ex.p.slice(k).reduce((a, b) => a + b, 0)});
      if (ep.length) series.push({label: label + ' (exact)', color: colour, dashed: true, points: ep});
    }
  }
  if (!series.length) { $('atleast-box').hidden = true; return; }
  lineChart($('atleast-plot'), {series, xTitle: 'at least k left', yTitle: 'P(at least k)', yMin: 0, yMax: 1});
}
