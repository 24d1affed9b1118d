// The tune card: the value of an integer field that meets a target —
// "the fewest Interceptors that win 70 %", "the armor that makes the duel
// fair" — answered in words, with the probes on a chart, the target's
// level and the bracket the answer rests on marked.

import {h} from '../lib.js';
import {state, edit} from '../page.js';
import {s, lineChart} from '../chart.js';
import {result, choice} from './common.js';
import {fieldsOf, wanted, fill} from './fields.js';
import {rejudge} from './players.js';

export const kind = 'tune';
let res, field, range, goal, level, plotSvg, skill, known = [];

const goals = [['fair', 'fair (both sides win as often)'], ['win.a>=', 'side a wins at least'], ['win.a<=', 'side a wins at most'],
  ['win.b>=', 'side b wins at least'], ['win.b<=', 'side b wins at most']];

export function mount(root, run) {
  field = h('select', {id: 'tune-field', onchange: () => suggest()});
  range = h('input', {id: 'tune-range', size: 10, spellcheck: 'false', title: 'FROM..TO of the field'});
  goal = choice('tune-goal', goals, 'what to look for');
  level = h('input', {id: 'tune-level', class: 'num short', value: '70', title: 'percent', inputmode: 'decimal'});
  goal.addEventListener('change', () => { level.disabled = goal.value === 'fair'; });
  level.disabled = true;
  skill = rejudge('tune-skill');
  res = result(kind);
  plotSvg = s('svg', {id: 'tune-plot', width: '100%', role: 'img', 'aria-label': 'tune'});
  root.append(h('p', {class: 'ask'}, 'Which value of a field meets a target?'),
    h('div', {class: 'row'}, h('label', {}, 'Field ', field), h('label', {}, 'From..to ', range)),
    h('div', {class: 'row'}, h('label', {}, 'Target ', goal), h('label', {}, level, ' %'), h('button', {type: 'button', id: 'tune', onclick: run}, 'Tune')),
    skill.node,
    res.node);
  res.figure.append(plotSvg);
}

function suggest() {
  const f = known.find((x) => x.path === field.value);
  if (f && f.suggest) range.value = f.suggest;
}

export async function validated(v) {
  res.check(v.ok);
  await skill.validated(v);
  if (!v.ok || !wanted()) return;
  known = await fieldsOf();
  const was = field.value;
  fill(field, known, (f) => f.kind === 'integer');
  if (field.value !== was || !range.value) suggest();
}

// target writes the goal as --target takes it.
export function target() {
  if (goal.value === 'fair') return 'fair';
  return goal.value + String(Number(level.value) / 100);
}

export function request() { return Object.assign(edit(), {vary: field.value + '=' + range.value, target: target(), levels: skill.levels()}); }
export function started() { res.started(); plotSvg.textContent = ''; }
export function command(r) { res.command(r.command); }
export function progress(d) { res.progress('probing ' + d.name); }
export function failed(d) { res.progress('failed: ' + d.error); }

export function answered(d) {
  state.tune = d;
  const r = d.result;
  res.words(d.words);
  res.text(d.text);
  res.progress(d.stopped ? 'stopped' : d.error ? 'no answer: ' + d.error : 'done: ' + r.probes.length + ' probes');
  const probes = [...r.probes].sort((a, b) => a.value - b.value);
  const pts = probes.map((p) => ({x: p.value, y: p.exact ?? p.estimate, lo: p.exact == null ? p.lo : undefined, hi: p.exact == null ? p.hi : undefined}));
  const margin = r.metric === 'margin', labels = (state.last && state.last.labels) || {a: 'side a', b: 'side b'};
  const words = {margin: labels.a + ' wins − ' + labels.b + ' wins', 'win.a': labels.a + ' wins', 'win.b': labels.b + ' wins'};
  lineChart(plotSvg, {series: [{label: 'probes', color: 'var(--a)', points: pts}], xTitle: r.field.path, yTitle: words[r.metric] || r.metric,
    level: r.value, yMin: margin ? -1 : undefined, yFormat: margin ? (v) => (100 * v).toFixed(0) + ' pt' : undefined,
    bracket: r.below && r.above ? [r.below.value, r.above.value] : undefined});
}

export function check(valid) { res.check(valid); }
export function params(p) { p.set('tune-field', field.value); p.set('tune-range', range.value); p.set('tune-target', target()); skill.params(p, 'tune-skill'); }
export function ready() { return skill.ready(); }
export function restore(p) {
  skill.restore(p, 'tune-skill');
  if (p.has('tune-field')) { field.append(new Option(p.get('tune-field'), p.get('tune-field'))); field.value = p.get('tune-field'); }
  if (p.has('tune-range')) range.value = p.get('tune-range');
  const t = p.get('tune-target');
  if (t) {
    const m = /^(win\.[ab](?:>=|<=))(.*)$/.exec(t);
    goal.value = m ? m[1] : 'fair';
    if (m) level.value = String(Math.round(Number(m[2]) * 10000) / 100);
    level.disabled = goal.value === 'fair';
  }
}
export function link(href) { res.link(href); }
