// The policy spread card: the scenario under every built-in policy of
// each side, as crucible run --policy-spread plays it: how much the answer
// depends on how the sides are played, in words and as bars.

import {h, pct} from '../lib.js';
import {state, edit, trials} from '../page.js';
import {s, barChart} from '../chart.js';
import {result} from './common.js';

export const kind = 'spread';
let res, plotSvg;

export function mount(root, run) {
  res = result(kind);
  plotSvg = s('svg', {id: 'spread-plot', width: '100%', role: 'img', 'aria-label': 'policy spread'});
  root.append(h('p', {class: 'ask'}, 'Does the answer depend on how the sides are played?'),
    h('div', {class: 'row'}, h('button', {type: 'button', id: 'spread', onclick: run}, 'Play every built-in policy')),
    res.node);
  res.figure.append(plotSvg);
}

export function validated(v) { res.check(v.ok); }
export function request() { return Object.assign(edit(), {trials: trials()}); }
export function started() { res.started(); plotSvg.textContent = ''; }
export function command(r) { res.command(r.command); }
export function progress(d) { res.progress('playing ' + d.name); }
export function failed(d) { res.progress('failed: ' + d.error); }

export function answered(d) {
  state.spread = d;
  const r = d.result;
  res.words(d.words);
  res.text(d.text);
  res.progress('done: ' + r.cells.length + ' cells');
  const name = (c) => c.varied === 'none' ? 'the scenario (' + c.policies.a + ' / ' + c.policies.b + ')' :
    r.labels[c.varied] + ' plays ' + c.policies[c.varied];
  barChart(plotSvg, {title: r.labels.a + ' wins',
    bars: r.cells.map((c) => ({label: name(c), value: c.win_a.value, lo: c.exact ? undefined : c.win_a.lo, hi: c.exact ? undefined : c.win_a.hi,
      text: pct(c.win_a.value) + (c.exact ? ' exact' : ''), color: c.varied === 'b' ? 'var(--b)' : c.varied === 'none' ? 'var(--none)' : 'var(--a)'}))});
}

export function check(valid) { res.check(valid); }
export function params() {}
export function restore() {}
export function link(href) { res.link(href); }
