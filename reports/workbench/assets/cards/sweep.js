// The sweep card: any field the reference declares numeric or of a few
// words, over values suggested from those it may take; the curve of the
// metric with its intervals and the exact curve, its axes titled, the
// break-even bracket marked and said in words; a field of words as ranked
// bars.

import {h, pct} from '../lib.js';
import {state, edit, trials} from '../page.js';
import {s, lineChart, barChart} from '../chart.js';
import {result, choice} from './common.js';
import {fieldsOf, wanted, fill, values} from './fields.js';

export const kind = 'sweep';
let res, field, vals, metric, plotSvg;

const metrics = [['win.a', 'side a wins'], ['win.b', 'side b wins'], ['margin', 'side a wins − side b wins'], ['draw', 'no winner'], ['rounds.mean', 'mean rounds']];

export function mount(root, run) {
  field = h('select', {id: 'sweep-field', onchange: () => { vals.value = values(current()); }});
  vals = h('input', {id: 'sweep-values', size: 18, spellcheck: 'false', title: 'FROM..TO, FROM..TO:STEP or a comma-separated list, as --vary takes them'});
  metric = choice('sweep-metric', metrics, 'what the curve follows (--metric)');
  res = result(kind);
  plotSvg = s('svg', {id: 'sweep-plot', width: '100%', role: 'img', 'aria-label': 'sweep'});
  root.append(h('p', {class: 'ask'}, 'How does the outcome change with one field?'),
    h('div', {class: 'row'}, h('label', {}, 'Field ', field), h('label', {}, 'Values ', vals), h('label', {}, 'Metric ', metric),
      h('button', {type: 'button', id: 'sweep', onclick: run}, 'Sweep')),
    res.node);
  res.figure.append(plotSvg);
}

let known = [];
function current() { return known.find((f) => f.path === field.value); }

export async function validated(v) {
  res.check(v.ok);
  if (!v.ok || !wanted()) return;
  known = await fieldsOf();
  const f = fill(field, known, () => true);
  if (f && !vals.value) vals.value = values(f);
}

export function request() {
  return Object.assign(edit(), {trials: Math.min(trials() || 10000, 100000), vary: field.value + '=' + vals.value, metric: metric.value === 'win.a' ? '' : metric.value});
}

export function started() { res.started(); plotSvg.textContent = ''; }
export function command(r) { res.command(r.command); }
export function progress(d) { res.progress('point ' + d.step + ' of ' + d.steps + ': ' + d.name); }
export function failed(d) { res.progress('failed: ' + d.error); }

export function answered(d) {
  state.sweep = d;
  const r = d.result;
  res.words(d.words);
  res.text(d.text);
  res.progress((d.stopped ? 'stopped after ' : 'done: ') + r.points.length + ' points' + (d.error ? ' (' + d.error + ')' : ''));
  draw(r);
}

// draw plots a sweep's result: ranked bars for a field of words, else
// the curve.
function draw(r) {
  const f = r.fields[0], share = /^(win|end|draw|margin)/.test(r.metric);
  const fmt = r.metric === 'margin' ? (v) => (100 * v).toFixed(0) : share ? undefined : (v) => v.toFixed(1);
  if (f.kind === 'categorical') {
    const ranked = (r.ranking[0] && r.ranking[0].values) || r.points.map((p) => ({values: p.values, estimate: p.estimate, lo: p.lo, hi: p.hi, exact: p.exact}));
    barChart(plotSvg, {title: r.metric_words + ' by ' + (f.label || f.path), format: fmt,
      min: r.metric === 'margin' ? -1 : 0, max: share ? 1 : Math.max(...ranked.map((p) => p.hi ?? p.estimate)),
      bars: ranked.map((p) => ({label: String(p.values[0]), value: p.exact ?? p.estimate, lo: p.exact == null ? p.lo : undefined, hi: p.exact == null ? p.hi : undefined,
        text: share ? pct(p.exact ?? p.estimate) + (p.exact != null ? ' exact' : '') : undefined, dim: p.tied === false}))});
    return;
  }
  const pts = r.points.map((p) => ({x: Number(p.values[0]), y: p.estimate, lo: p.lo, hi: p.hi}));
  const series = [{label: 'Monte Carlo, 95 % interval', color: 'var(--a)', points: pts}];
  const ex = r.points.filter((p) => p.exact != null).map((p) => ({x: Number(p.values[0]), y: p.exact}));
  if (ex.length) series.push({label: 'exact', color: '#2e7d32', dashed: true, points: ex});
  const span = r.breakeven[0] && r.breakeven[0].spans && r.breakeven[0].spans[0];
  lineChart(plotSvg, {series, xTitle: f.label || f.path, yTitle: r.metric_words, level: r.level ?? undefined,
    yMin: r.metric === 'margin' ? -1 : undefined, yFormat: fmt, bracket: span ? [span.lo, span.hi] : undefined,
    xTicks: pts.length <= 12 ? pts.map((p) => [p.x, String(p.x)]) : undefined});
}

export function check(valid) { res.check(valid); }
export function params(p) { p.set('sweep-field', field.value); p.set('sweep-values', vals.value); p.set('sweep-metric', metric.value); }
export function restore(p) {
  if (p.has('sweep-field')) { field.append(new Option(p.get('sweep-field'), p.get('sweep-field'))); field.value = p.get('sweep-field'); }
  if (p.has('sweep-values')) vals.value = p.get('sweep-values');
  if (p.has('sweep-metric')) metric.value = p.get('sweep-metric');
}
export function link(href) { res.link(href); }
