// The compare card: up to five variants of the scenario — kept copies of
// the text and the text as it is now — each compared with the first on
// one chart, each metric a sentence with its verdict against the margin,
// exact where the solver reaches both, the statistics behind a
// disclosure.

import {$, h, pct, save, fileOf} from '../lib.js';
import {state, edit, trials, setText} from '../page.js';
import {s, barChart} from '../chart.js';
import {result} from './common.js';
import {rejudge} from './players.js';

export const kind = 'compare';
const MAX = 5;
let res, list, margin, plotSvg, pairsBox, skill;
export const kept = []; // {label, edit}

export function mount(root, run) {
  list = h('ol', {id: 'variants', class: 'variants'});
  margin = h('input', {id: 'compare-margin', class: 'num short', placeholder: 'none', title: 'the smallest difference that matters, in points (--margin)', inputmode: 'decimal'});
  skill = rejudge('compare-skill');
  res = result(kind);
  plotSvg = s('svg', {id: 'compare-plot', width: '100%', role: 'img', 'aria-label': 'variants'});
  pairsBox = h('div', {id: 'compare-pairs'});
  root.append(h('p', {class: 'ask'}, 'Is this change worth it? Keep the text as a variant, change it, and compare (up to five).'),
    list,
    h('div', {class: 'row'},
      h('button', {type: 'button', id: 'keep', onclick: keep}, 'Keep the text as a variant'),
      h('label', {}, 'Margin ', margin, ' points'),
      h('button', {type: 'button', id: 'compare', onclick: run}, 'Compare')),
    skill.node,
    res.node, pairsBox);
  res.figure.append(plotSvg);
  drawList();
}

// keep adds the text as it is now to the variants.
export function keep() {
  if (kept.length >= MAX) { res.progress('five variants at most: remove one first'); return; }
  kept.push({label: 'ABCDE'[kept.length], edit: edit()});
  drawList();
}

function drawList() {
  list.textContent = '';
  kept.forEach((v, i) => {
    const label = h('input', {value: v.label, size: 16, class: 'variant-label', onchange: (e) => { v.label = e.target.value; }});
    list.append(h('li', {}, label, ' ', h('span', {class: 'muted'}, fileOf(v.edit.name)),
      h('button', {type: 'button', class: 'small', onclick: () => setText(v.edit.text)}, 'Edit'),
      h('button', {type: 'button', class: 'small', onclick: () => save(v.edit.text, fileOf(v.edit.name))}, 'Download'),
      h('button', {type: 'button', class: 'small', onclick: () => { kept.splice(i, 1); drawList(); }}, '×')));
  });
  const now = variants();
  if (now.length > kept.length) list.append(h('li', {class: 'muted'}, 'the text as it is now'));
}

// variants are the kept copies and, when it differs from all of them, the
// text as it is now.
function variants() {
  const out = kept.map((v) => ({label: v.label, edit: v.edit}));
  const e = edit();
  if (e.text && !out.some((v) => v.edit.text === e.text) && out.length < MAX) out.push({label: 'now', edit: e});
  return out;
}

export function validated(v) { res.check(v.ok); drawList(); return skill.validated(v); }

let asked = [];
export function request() {
  asked = variants();
  if (asked.length < 2) { res.progress('keep a copy of the text first, then change it'); return null; }
  state.compareTexts = asked.map((v) => v.edit.text);
  return {variants: asked.map((v) => v.edit), trials: trials(), margin: margin.value.trim(), levels: skill.levels()};
}

export function started() { res.started(); plotSvg.textContent = ''; pairsBox.textContent = ''; }
export function command() {}
export function progress(d) { res.progress('comparing ' + d.name); }
export function failed(d) { res.progress('failed: ' + d.error); }

// answered draws every pair: the chart of side a's share in each variant,
// then each variant's sentences.
export function answered(d) {
  state.compare = d;
  const names = asked.map((v) => v.label);
  const metrics = (p) => p.exact ? p.result.diffs : p.result.shares;
  const first = metrics(d.pairs[0]).find((m) => m.metric === 'win.a');
  const labels = (state.last && state.last.labels) || {a: 'side a', b: 'side b'};
  const bars = [{label: names[0], value: first.a, text: pct(first.a) + (d.pairs[0].exact ? ' exact' : '')}];
  d.pairs.forEach((p, i) => {
    const w = metrics(p).find((m) => m.metric === 'win.a');
    bars.push({label: names[i + 1], value: w.b, text: pct(w.b) + (p.exact ? ' exact' : ''), color: 'var(--b2)'});
  });
  barChart(plotSvg, {title: (labels.a || 'side a') + ' wins, in each variant', bars});
  res.words(d.pairs.map((p, i) => names[i + 1] + ' against ' + names[0] + ': ' + headline(p)));
  res.command(d.pairs.map((p) => p.command).join('\n'));
  res.text(d.pairs.map((p) => p.text).join('\n'));
  res.progress('done');
  pairsBox.textContent = '';
  d.pairs.forEach((p, i) => pairsBox.append(pair(p, names[0], names[i + 1])));
}

// headline is a pair's verdict in a line: the win shares' sentence.
function headline(p) {
  const m = (p.exact ? p.result.diffs : p.result.effects).find((x) => x.metric === 'win.a');
  return m.effect + (p.exact ? ', exact' : '') + ' — ' + m.judgement;
}

// pair draws one comparison: each metric a sentence and its verdict, the
// win shares first; the others behind a disclosure.
function pair(p, a, b) {
  const lines = p.exact ? p.result.diffs : p.result.effects;
  const main = lines.filter((l) => /^win\.|^rounds\.mean$/.test(l.metric));
  const rest = lines.filter((l) => !main.includes(l));
  const item = (l) => h('li', {dataset: {metric: l.metric}}, h('span', {class: 'effect'}, l.effect), ' — ', h('span', {class: 'judgement'}, l.judgement));
  return h('section', {class: 'pair'},
    h('h3', {}, b + ' against ' + a + (p.exact ? ' (exact)' : ' (sampled, common random numbers)')),
    h('ul', {class: 'effects'}, main.map(item)),
    rest.length ? h('details', {}, h('summary', {}, rest.length + ' more metrics'), h('ul', {class: 'effects'}, rest.map(item))) : '',
    p.exact ? '' : h('p', {class: 'muted'}, p.result.verdict),
    // The skill axis's verdict, after the comparison's own (words[0]).
    (p.words || []).slice(1).map((w) => h('p', {class: 'skill-line' + (/^SKILL-SENSITIVE/.test(w) ? ' sensitive' : /^skill +(.*; )?undecided whether/.test(w) ? ' undecided' : '')}, w)),
    h('p', {class: 'reproduce'}, 'Reproduce: ', h('code', {class: 'command'}, p.command)),
    h('details', {class: 'stats'}, h('summary', {}, 'Statistics'), h('pre', {}, p.text)));
}

export function check(valid) { res.check(valid); }
export function params(p) { if (margin.value) p.set('compare-margin', margin.value); skill.params(p, 'compare-skill'); }
export function restore(p) { if (p.has('compare-margin')) margin.value = p.get('compare-margin'); skill.restore(p, 'compare-skill'); }
export function ready() { return skill.ready(); }
export function link(href) { res.link(href); }
