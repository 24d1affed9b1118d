// "Is this the players' skill?" beside the odds: the scenario re-fought
// with two players of its ruleset (rungs of its ladder of skill first),
// on both sides or on one, as crucible run --skill plays it — and whether
// the verdict moves between them by more than the threshold
// (SKILL-SENSITIVE: the move's whole interval beyond it), holds (the whole
// interval within it) or is undecided (more trials would decide), in
// words first, each player's shares after.

import {h} from '../lib.js';
import {state, edit, trials} from '../page.js';
import {result} from './common.js';
import {players} from './players.js';

export const kind = 'skill';
let res, pick;

export function mount(root, run) {
  pick = players('skill');
  res = result(kind);
  res.node.hidden = true; // until asked
  root.append(h('div', {id: 'skill', class: 'skill'},
    h('div', {class: 'row'}, h('span', {class: 'ask'}, "Is this the players' skill? Compare "), pick.weak, ' vs ', pick.strong, ' on ', pick.sides,
      h('button', {type: 'button', id: 'skill-run', onclick: run}, 'Check'), ' ', pick.note),
    res.node));
}

// validated offers the players of the text's ruleset, once per ruleset.
export async function validated(v) {
  res.check(v.ok);
  await pick.validated(v);
  document.getElementById('skill-run').disabled = pick.count() < 2;
}

// params writes the levels in a permalink (skill=a=kill-greedy,a=optimal);
// restore reads them back, for validated to set once it offers the
// players; ready settles when it has.
export function params(p) { if (pick.param()) p.set('skill', pick.param()); }
export function restore(p) { pick.restore(p.get('skill')); }
export function ready() { return pick.ready(); }

// levels writes the two players as --skill takes them.
export function levels() { return pick.levels(); }

export function request() {
  if (!pick.weak.value || !pick.strong.value) return null;
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
  res.node.classList.toggle('sensitive', axis.verdict === 'sensitive');
  res.node.classList.toggle('undecided', axis.verdict === 'undecided');
  res.text(d.text);
  res.progress(d.stopped ? 'stopped' : 'done');
}

export function check(valid) { res.check(valid); }
export function link(href) { res.link(href); }
