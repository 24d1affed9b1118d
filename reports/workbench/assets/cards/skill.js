// "Is this the players' skill?" beside the odds: the scenario re-fought
// with two players of its ruleset (rungs of its ladder of skill first),
// on both sides or on one, as crucible run --skill plays it — and whether
// the verdict moves between them by more than the threshold
// (SKILL-SENSITIVE), in words first, each player's shares after.

import {h, api} from '../lib.js';
import {state, edit, trials} from '../page.js';
import {result, choice} from './common.js';

export const kind = 'skill';
let res, weak, strong, sides, ruleset = '';
// restored are the levels a permalink named (skill=), set once the
// ruleset's players are offered; offered settles when they are set.
let restored = null, offered = null, settle = () => {};

export function mount(root, run) {
  weak = h('select', {id: 'skill-weak', title: 'the weaker player'});
  strong = h('select', {id: 'skill-strong', title: 'the stronger player'});
  sides = choice('skill-sides', [['', 'both sides'], ['a=', 'side a only'], ['b=', 'side b only']], 'who plays them');
  res = result(kind);
  res.node.hidden = true; // until asked
  root.append(h('div', {id: 'skill', class: 'skill'},
    h('div', {class: 'row'}, h('span', {class: 'ask'}, "Is this the players' skill? Compare "), weak, ' vs ', strong, ' on ', sides,
      h('button', {type: 'button', id: 'skill-run', onclick: run}, 'Check'), ' ', h('span', {id: 'skill-note', class: 'muted'})),
    res.node));
}

// validated offers the players of the text's ruleset, once per ruleset.
export async function validated(v) {
  res.check(v.ok);
  const id = v.ruleset || v.of || '';
  if (!v.ok || !id || id === ruleset) return;
  ruleset = id;
  let players = [], note = '';
  try { ({players, note} = await playersOf(id)); } catch (e) { note = e.message; }
  for (const sel of [weak, strong]) {
    sel.textContent = '';
    for (const p of players) sel.append(new Option(p.rung ? p.name + ' (rung ' + p.rung + ')' : p.name, p.name));
  }
  const rungs = players.filter((p) => p.rung);
  const pair = rungs.length >= 2 ? [rungs[rungs.length - 2], rungs[rungs.length - 1]] : players.slice(0, 2);
  if (pair.length === 2) { weak.value = pair[0].name; strong.value = pair[1].name; }
  if (restored) { [sides.value, weak.value, strong.value] = restored; restored = null; settle(); }
  document.getElementById('skill-run').disabled = players.length < 2;
  document.getElementById('skill-note').textContent = players.length < 2 ? note || 'the ruleset offers fewer than two players' : '';
}

// params writes the levels in a permalink (skill=a=kill-greedy,a=optimal);
// restore reads them back, for validated to set once it offers the
// players; ready settles when it has.
export function params(p) { if (weak.value && strong.value) p.set('skill', levels().join(',')); }
export function restore(p) {
  const m = /^(a=|b=)?([^,]+),(a=|b=)?([^,]+)$/.exec(p.get('skill') || '');
  if (!m || (m[1] || '') !== (m[3] || '')) return;
  restored = [m[1] || '', m[2], m[4]];
  offered = new Promise((r) => { settle = r; });
}
export function ready() { return offered || Promise.resolve(); }

const lists = new Map();
function playersOf(id) {
  if (!lists.has(id)) lists.set(id, api('/api/players?ruleset=' + encodeURIComponent(id)));
  return lists.get(id);
}

// levels writes the two players as --skill takes them.
export function levels() { return [weak.value, strong.value].map((p) => sides.value + p); }

export function request() {
  if (!weak.value || !strong.value) return null;
  return Object.assign(edit(), {builtin: state.builtin, trials: trials(), levels: levels()});
}
export function started() { res.node.hidden = false; res.started(); }
export function command(r) { res.command(r.command); }
export function progress(d) { res.progress('playing ' + d.name); }
export function failed(d) { res.progress('failed: ' + d.error); }

export function answered(d) {
  state.skill = d;
  const axis = d.result.skill[0];
  res.words(d.words);
  res.node.classList.toggle('sensitive', axis.sensitive);
  res.text(d.text);
  res.progress(d.stopped ? 'stopped' : 'done');
}

export function check(valid) { res.check(valid); }
export function link(href) { res.link(href); }
