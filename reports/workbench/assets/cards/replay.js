// The replay card: one trial, round by round, as crucible replay plays
// it: who won, how and when, by the sides' names; on a board, the board at
// each turn with a slider through the turns (DBD); else the account.

import {h} from '../lib.js';
import {state, edit} from '../page.js';
import {s, plot} from '../chart.js';
import {result} from './common.js';

export const kind = 'replay';
let res, trial, boardSvg, turnBox, slider, account, turns = [], board = null;

export function mount(root, run) {
  trial = h('input', {id: 'trial', class: 'num', value: '0', inputmode: 'numeric', title: 'the trial to replay, from 0'});
  res = result(kind);
  boardSvg = s('svg', {id: 'replay-board', width: '100%', role: 'img', 'aria-label': 'board'});
  slider = h('input', {type: 'range', id: 'replay-turn', min: 0, max: 0, value: 0, oninput: () => showTurn(Number(slider.value))});
  turnBox = h('div', {id: 'replay-turn-box', hidden: true}, h('div', {class: 'row'}, h('label', {}, 'Turn ', slider), h('span', {id: 'replay-turn-title', class: 'muted'})), boardSvg,
    h('pre', {id: 'replay-turn-lines', class: 'account'}));
  account = h('details', {id: 'replay-account'}, h('summary', {}, 'The whole account'), h('pre', {id: 'replay-answer', class: 'account'}));
  root.append(h('p', {class: 'ask'}, 'What happens in one battle?'),
    h('div', {class: 'row'}, h('label', {}, 'Trial ', trial), h('button', {type: 'button', id: 'replay', onclick: run}, 'Replay')),
    res.node, account);
  res.figure.append(turnBox);
}

export function validated(v) { res.check(v.ok); }
export function request() { return Object.assign(edit(), {trial: Number(trial.value) || 0}); }
export function started() { res.started(); turnBox.hidden = true; }
export function command(r) { res.command(r.command); }
export function progress() {}
export function failed(d) { res.progress('failed: ' + d.error); }

export function answered(d) {
  state.replay = d;
  const o = d.outcome;
  res.words([(o.winner ? o.winner + ' wins' : 'no winner') + ', end ' + o.end + ', after ' + o.rounds + ' ' + (o.unit || 'rounds')]);
  res.progress('done');
  document.getElementById('replay-answer').textContent = d.text;
  account.open = !d.board;
  board = d.board || null;
  turns = (d.turns || []).filter((t) => t.marks);
  turnBox.hidden = !board || !turns.length;
  if (!turnBox.hidden) {
    slider.max = turns.length - 1;
    slider.value = 0;
    showTurn(0);
  }
}

// showTurn draws the board at turn i: each cell in its ground's colour,
// each unit's mark in its side's colour (a mark starts with the first
// letter of its side's name, as DBD's map writes it).
function showTurn(i) {
  const t = turns[i];
  document.getElementById('replay-turn-title').textContent = t.title;
  document.getElementById('replay-turn-lines').textContent = t.lines.join('\n');
  const labels = state.replay.outcome.labels, first = labels.map((l) => l[0]);
  plot(boardSvg, (svg, width) => {
    const xs = board.Cells.map((c) => c.X), ys = board.Cells.map((c) => c.Y);
    const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
    const k = width / (x1 - x0), height = Math.ceil((y1 - y0) * k);
    board.Cells.forEach((c, j) => {
      const cx = (c.X - x0) * k, cy = (c.Y - y0) * k, r = k * 0.98;
      const pts = [0, 1, 2, 3, 4, 5].map((a) => { const an = Math.PI / 180 * (60 * a - 30); return `${cx + r * Math.cos(an)},${cy + r * Math.sin(an)}`; }).join(' ');
      svg.append(s('polygon', {points: pts, fill: (board.Kinds[c.Kind] || {}).Color || '#eee', stroke: '#fff'}));
      const m = t.marks[j];
      const side = first.indexOf(m[0]);
      if (side >= 0 && m.length > 1) {
        svg.append(s('circle', {cx, cy, r: r * 0.62, fill: side === 0 ? 'var(--a)' : 'var(--b)', 'data-mark': m}));
        svg.append(s('text', {x: cx, y: cy + 4, 'text-anchor': 'middle', class: 'unit'}, m.slice(1)));
      }
    });
    return height;
  });
}

export function check(valid) { res.check(valid); }
export function params(p) { p.set('trial', trial.value); }
export function restore(p) { if (p.has('trial')) trial.value = p.get('trial'); }
export function link(href) { res.link(href); }
