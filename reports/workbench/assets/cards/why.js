// "Why?" beside each end of the odds: games of the odds' own run that
// ended so, each with the command that replays it and a button that opens
// it in the replay card. They are the trials the run keeps of each outcome
// (its examples: a few of each winner × end × range of rounds, those of
// smallest hash priority, the same for any workers), merged over the end's
// buckets by priority — the games `crucible explain --outcome 'end E'`
// shows first — and the explain command that shows more.

import {h, labelsOf} from '../lib.js';

// Shown is how many games "why?" lists.
const shown = 3;
let box = null, open = null, drawn = '';

// examplesOf returns up to k games of the run r that ended by end: the
// run's examples in the end's buckets, smallest priority first (then the
// trial, as crucible explain orders them). A priority is a 64-bit hash, a
// JavaScript number to 53 bits: rounding keeps the order of any two that
// differ there, and two random hashes agree there about once in 2^50.
export function examplesOf(r, end, k) {
  const games = [];
  for (const b of (r.examples && r.examples.buckets) || []) {
    if (b.end !== end) continue;
    b.trials.forEach((trial, i) => games.push({trial, priority: b.priorities[i], winner: b.winner, from: b.rounds_from, to: b.rounds_to}));
  }
  games.sort((x, y) => x.priority - y.priority || x.trial - y.trial);
  return games.slice(0, k);
}

// decorate adds a "why?" button to each row of the ends table (a row
// names its end in data-end), and redraws the open answer with the run's
// latest examples; runCommand returns the odds' command line, which may
// come after the first estimates.
export function decorate(table, r, runCommand) {
  if (!box) {
    box = h('div', {id: 'why', class: 'why', hidden: true});
    table.closest('.scroll').after(box);
  }
  for (const tr of [...table.rows].slice(1)) {
    const end = tr.dataset.end;
    tr.append(h('td', {}, h('button', {type: 'button', class: 'why-button', title: 'show games that ended so', dataset: {end}, onclick: () => { open = end; drawn = ''; draw(r, runCommand); }}, 'why?')));
  }
  if (table.rows.length) table.rows[0].append(h('th', {}, ''));
  if (open !== null) draw(r, runCommand);
}

// reset closes the answer: a new text's run has other games.
export function reset() {
  open = null; drawn = '';
  if (box) { box.hidden = true; box.textContent = ''; }
}

// draw shows the games of the open end, unless the same are shown.
function draw(r, runCommand) {
  const games = examplesOf(r, open, shown);
  const cmd = runCommand();
  const key = open + ':' + games.map((g) => g.trial).join(',') + ':' + cmd + ':' + r.trials;
  if (key === drawn) return;
  drawn = key;
  const run = parseRun(cmd);
  const labels = labelsOf(r);
  box.textContent = '';
  box.hidden = false;
  box.append(h('h3', {}, 'Why? Games that ended by ' + open));
  if (!games.length) {
    box.append(h('p', {class: 'muted'}, 'The run kept no game that ended so yet.'));
  }
  const list = h('ol', {id: 'why-games'});
  for (const g of games) {
    const who = g.winner === 'none' ? 'no winner' : labels[g.winner] + ' wins';
    const rounds = g.to === undefined ? g.from + ' or more' : g.from === g.to ? String(g.from) : g.from + '–' + g.to;
    const replay = run ? 'crucible replay ' + run.ref + ' --trial ' + g.trial + ' --seed ' + run.seed : '';
    list.append(h('li', {dataset: {trial: g.trial}},
      'trial ' + g.trial + ': ' + who + ', ' + rounds + ' ' + ((r.rounds && r.rounds.unit) || 'rounds') + ' ',
      h('button', {type: 'button', class: 'why-replay', onclick: () => openReplay(g.trial)}, 'Replay'), ' ',
      h('code', {class: 'command'}, replay)));
  }
  box.append(list);
  if (run) box.append(h('p', {class: 'reproduce'}, 'More: ', h('code', {id: 'why-explain', class: 'command'},
    'crucible explain ' + run.ref + " --outcome 'end " + open + "' --seed " + run.seed + ' --trials ' + r.trials)));
}

// parseRun reads the scenario and seed off the odds' command (crucible run
// REF --seed S --trials N), so that the commands name the run's scenario
// as it does.
function parseRun(cmd) {
  const m = /^crucible run (.+) --seed (\d+) --trials \d+/.exec(cmd || '');
  return m && {ref: m[1], seed: m[2]};
}

// openReplay shows trial in the replay card and plays it, as a designer
// would: the card's tab, its trial, its button.
function openReplay(trial) {
  document.getElementById('tab-replay').click();
  const input = document.getElementById('trial');
  input.value = String(trial);
  input.dispatchEvent(new Event('input'));
  document.getElementById('replay').click();
}
