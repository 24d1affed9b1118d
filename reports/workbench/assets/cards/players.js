// The choice of two players of the scenario's ruleset — rungs of its
// ladder of skill first, weakest first — on both sides or on one, as
// --skill takes them: the odds' skill check ("is this the players'
// skill?") and a comparison or a tune re-judged with each player
// (`crucible compare|tune … --skill L1,L2`) offer it alike.

import {h, api} from '../lib.js';
import {choice} from './common.js';

const lists = new Map();
function playersOf(id) {
  if (!lists.has(id)) lists.set(id, api('/api/players?ruleset=' + encodeURIComponent(id)));
  return lists.get(id);
}

// players makes the choice; prefix names its elements (PREFIX-weak,
// PREFIX-strong, PREFIX-sides, PREFIX-note).
export function players(prefix) {
  const weak = h('select', {id: prefix + '-weak', title: 'the weaker player'});
  const strong = h('select', {id: prefix + '-strong', title: 'the stronger player'});
  const sides = choice(prefix + '-sides', [['', 'both sides'], ['a=', 'side a only'], ['b=', 'side b only']], 'who plays them');
  const note = h('span', {id: prefix + '-note', class: 'muted'});
  let ruleset = '', count = 0;
  // restored are the levels a permalink named, set once the ruleset's
  // players are offered; offered settles when they are.
  let restored = null, offered = null, settle = () => {};
  return {
    weak, strong, sides, note,
    // count is how many players the ruleset offers (two at least for a
    // choice).
    count: () => count,
    // validated offers the players of the text's ruleset, once per ruleset.
    async validated(v) {
      const id = v.ruleset || v.of || '';
      if (!v.ok || !id || id === ruleset) return;
      ruleset = id;
      let list = [], why = '';
      try { ({players: list, note: why} = await playersOf(id)); } catch (e) { why = e.message; }
      for (const sel of [weak, strong]) {
        sel.textContent = '';
        for (const p of list) sel.append(new Option(p.rung ? p.name + ' (rung ' + p.rung + ')' : p.name, p.name));
      }
      const rungs = list.filter((p) => p.rung);
      const pair = rungs.length >= 2 ? [rungs[rungs.length - 2], rungs[rungs.length - 1]] : list.slice(0, 2);
      if (pair.length === 2) { weak.value = pair[0].name; strong.value = pair[1].name; }
      count = list.length;
      if (restored) { [sides.value, weak.value, strong.value] = restored; restored = null; settle(); }
      note.textContent = count < 2 ? why || 'the ruleset offers fewer than two players' : '';
    },
    // levels writes the two players as --skill takes them.
    levels: () => [weak.value, strong.value].map((p) => sides.value + p),
    // param is the levels as a permalink holds them (a=kill-greedy,a=optimal);
    // restore reads them back, for validated to set; ready settles when
    // it has.
    param: () => (weak.value && strong.value ? [weak.value, strong.value].map((p) => sides.value + p).join(',') : ''),
    restore(text) {
      const m = /^(a=|b=)?([^,]+),(a=|b=)?([^,]+)$/.exec(text || '');
      if (!m || (m[1] || '') !== (m[3] || '')) return false;
      restored = [m[1] || '', m[2], m[4]];
      offered = new Promise((r) => { settle = r; });
      return true;
    },
    ready: () => offered || Promise.resolve(),
  };
}

// rejudge is a card's choice to re-judge its answer with two players: a
// switch, and the players; levels() is empty while it is off.
export function rejudge(prefix) {
  const pick = players(prefix);
  const on = h('input', {type: 'checkbox', id: prefix + '-on'});
  const node = h('div', {class: 'row rejudge'},
    h('label', {title: 'play each answer again with both players, weakest first, and flag it when the verdict moves (--skill)'}, on, ' Re-judge with players '),
    pick.weak, ' vs ', pick.strong, ' on ', pick.sides, ' ', pick.note);
  return {
    node,
    validated: (v) => pick.validated(v),
    levels: () => (on.checked && pick.count() >= 2 ? pick.levels() : []),
    params(p, key) { if (on.checked && pick.param()) p.set(key, pick.param()); },
    restore(p, key) { if (pick.restore(p.get(key))) on.checked = true; },
    ready: () => pick.ready(),
  };
}
