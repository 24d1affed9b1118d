// The meta card: a roster built in the page — side a as it stands, each
// design the scenario defines, a built-in policy — fought every entry
// against every entry on the scenario, as crucible meta fights the roster
// file: the matrix as a heat map, who is dominated, the equilibrium's
// mix, the ratings, in the command's own words and numbers.

import {h, pct, plain, at, save} from '../lib.js';
import {state, edit, file} from '../page.js';
import {s, heatmap, barChart} from '../chart.js';
import {result} from './common.js';

export const kind = 'meta';
let res, list, heat, eqA, eqB, ratings, extra, policySel;
export const entries = []; // {name, side, policy}
let roster = null;

export function mount(root, run) {
  list = h('ol', {id: 'meta-entries', class: 'variants'});
  policySel = h('select', {id: 'meta-policy'});
  res = result(kind);
  heat = s('svg', {id: 'meta-heat', width: '100%', role: 'img', 'aria-label': 'matrix'});
  eqA = s('svg', {id: 'meta-eq-a', width: '100%', role: 'img', 'aria-label': 'equilibrium as side a'});
  eqB = s('svg', {id: 'meta-eq-b', width: '100%', role: 'img', 'aria-label': 'equilibrium as side b'});
  ratings = s('svg', {id: 'meta-ratings', width: '100%', role: 'img', 'aria-label': 'ratings'});
  extra = h('div', {id: 'meta-extra'});
  root.append(h('p', {class: 'ask'}, 'Which of my designs dominates? Build a roster; every entry fights every entry, as side a and as side b.'),
    list,
    h('div', {class: 'row'},
      h('button', {type: 'button', id: 'meta-add-side', onclick: addSide}, 'Add side a as it is'),
      h('button', {type: 'button', id: 'meta-add-designs', onclick: addDesigns}, 'Add each design'),
      h('label', {}, policySel), h('button', {type: 'button', onclick: addPolicy}, 'Add policy'),
      h('button', {type: 'button', id: 'meta-clear', onclick: () => { entries.length = 0; drawList(); }}, 'Clear'),
      h('button', {type: 'button', id: 'meta', onclick: run}, 'Fight the metagame')),
    res.node);
  res.figure.append(h('div', {class: 'meta-figures', hidden: true, id: 'meta-figures'},
    h('h3', {}, 'Side a\'s win share, row against column'), heat,
    h('div', {class: 'grid'}, h('div', {}, h('h3', {}, 'Equilibrium as side a'), eqA), h('div', {}, h('h3', {}, 'Equilibrium as side b'), eqB)),
    h('h3', {}, 'Ratings (Elo, with 95 % intervals)'), ratings, extra));
  drawList();
}

// sideFields are the paths that make up side a (rules.Sided).
function sideFields() { return (state.validation && state.validation.sides && state.validation.sides[0]) || []; }

// sideValue is side a's value as a roster entry writes it: the value of
// its one field, or a mapping of its fields.
function sideValue() {
  const fs = sideFields();
  if (fs.length === 1) return plain(at(state.doc, fs[0]));
  return Object.fromEntries(fs.map((f) => [f, plain(at(state.doc, f))]));
}

function unique(name) {
  let n = name, k = 2;
  while (entries.some((e) => e.name === n)) n = name + ' ' + k++;
  return n;
}

// summary says in a few words what side a fields.
function summary(side) {
  const text = JSON.stringify(side).replace(/["{}]/g, '').replace(/:/g, ': ').replace(/,/g, ', ');
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
}

export function addSide() {
  if (!sideFields().length || !state.doc) { res.progress('this ruleset names no side fields: a roster cannot place its entries'); return; }
  const side = sideValue();
  entries.push({name: unique(summary(side) || 'side a'), side});
  drawList();
}

// addDesigns adds an entry for each design the scenario defines: side a
// fielding that design alone, in the number it fields its first now.
export function addDesigns() {
  const fs = sideFields(), ref = state.ref;
  if (fs.length !== 1 || !ref) return;
  const side = fs[0];
  const keyed = ref.fields.find((f) => f.path.startsWith(side + '.') && f.names && f.names.fields && f.names.fields.length && !f.path.slice(side.length + 1).includes('.'));
  if (!keyed) { res.progress('no designs: the scenario defines none a side fields'); return; }
  const [listPath, nameField] = keyed.names.fields[0].split('[].');
  const designs = ((at(state.doc, listPath) || {}).items || []).map((it) => plain(it)[nameField]).filter(Boolean);
  const key = keyed.path.slice(side.length + 1);
  const now = plain(at(state.doc, side)) || {};
  const count = Object.values(now[key] || {})[0] || 1;
  for (const d of designs) {
    if (entries.some((e) => e.name === d)) continue;
    entries.push({name: d, side: Object.assign({}, now, {[key]: {[d]: count}})});
  }
  drawList();
}

function addPolicy() {
  if (!policySel.value) return;
  entries.push({name: unique(policySel.value), policy: policySel.value});
  drawList();
}

function drawList() {
  list.textContent = '';
  entries.forEach((e, i) => list.append(h('li', {},
    h('input', {value: e.name, size: 18, onchange: (ev) => { e.name = ev.target.value; }}), ' ',
    h('span', {class: 'muted'}, e.policy ? 'policy ' + e.policy : summary(e.side)),
    h('button', {type: 'button', class: 'small', onclick: () => { entries.splice(i, 1); drawList(); }}, '×'))));
  if (!entries.length) list.append(h('li', {class: 'muted'}, 'no entries yet'));
}

export function validated(v) {
  res.check(v.ok);
  const names = ((state.ref && state.ref.policies) || []).map((p) => p.name).filter((n) => /^[a-z0-9-]+$/.test(n));
  if (policySel.options.length !== names.length) {
    policySel.textContent = '';
    for (const n of names) policySel.append(new Option(n, n));
  }
}

export function request() {
  if (entries.length < 2) { res.progress('a roster needs two entries at least'); return null; }
  return Object.assign(edit(), {entries: entries.map((e) => ({name: e.name, side: e.side, policy: e.policy}))});
}

export function started() { res.started(); $figures().hidden = true; }
function $figures() { return document.getElementById('meta-figures'); }
export function command(r) {
  res.command(r.command);
  roster = {text: r.roster, file: r.roster_file};
  state.metaRoster = roster;
}
export function progress(d) { res.progress('cell ' + d.step + ' of ' + d.steps + ': ' + d.name); }
export function failed(d) { res.progress('failed: ' + d.error); }

export function answered(d) {
  state.meta = d;
  const r = d.result;
  res.words(d.words);
  res.text(d.text);
  res.progress('done: ' + r.entries.length + ' entries, ' + (r.trials ? r.trials.toLocaleString('en') + ' trials' : 'every cell exact'));
  $figures().hidden = false;
  heatmap(heat, {rows: r.entries, cols: r.entries, value: (i, j) => r.payoff[i][j].estimate});
  const eq = (svg, mix, side) => barChart(svg, {title: 'share of the mix as side ' + side,
    bars: r.entries.map((n, i) => ({label: n, value: mix[i], text: pct(mix[i], 1)})).filter((b) => b.value > 0).sort((x, y) => y.value - x.value)});
  eq(eqA, r.equilibrium.a, 'a');
  eq(eqB, r.equilibrium.b, 'b');
  const elos = r.ratings.map((x) => x.elo), lo = Math.min(...r.ratings.map((x) => x.lo)), hi = Math.max(...r.ratings.map((x) => x.hi));
  barChart(ratings, {title: 'Elo rating', min: Math.floor(Math.min(lo, ...elos) / 100) * 100 - 100, max: Math.ceil(hi / 100) * 100 + 100, format: (v) => v.toFixed(0),
    bars: [...r.ratings].sort((x, y) => y.elo - x.elo).map((x) => ({label: x.entry, value: x.elo, lo: x.lo, hi: x.hi, text: x.elo.toFixed(0)}))});
  extra.textContent = '';
  const dom = Object.entries(r.dominated.a || {});
  extra.append(h('h3', {}, 'Dominated as side a'),
    dom.length ? h('ul', {}, dom.map(([e, by]) => h('li', {}, e + ' — by ' + by.join(', ')))) : h('p', {}, 'none'),
    h('p', {}, h('button', {type: 'button', onclick: () => roster && save(roster.text, roster.file)}, 'Download roster'), ' ',
      h('button', {type: 'button', onclick: () => save(edit().text, file())}, 'Download scenario')));
}

export function check(valid) { res.check(valid); }
export function params(p) { if (entries.length) p.set('meta-entries', JSON.stringify(entries)); }
export function restore(p) {
  if (!p.has('meta-entries')) return;
  try { entries.splice(0, entries.length, ...JSON.parse(p.get('meta-entries'))); } catch (e) { /* a broken link: no entries */ }
  drawList();
}
export function link(href) { res.link(href); }
