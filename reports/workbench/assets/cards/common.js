// What every card's result has: its answer in words first, how far its
// job is, the command that prints the same numbers and the permalink that
// shows them again, a mark when the text has changed since, and the
// statistics behind a disclosure.

import {h} from '../lib.js';
import {edit} from '../page.js';

export function result(kind) {
  const words = h('ul', {class: 'words', id: kind + '-words'});
  const progress = h('p', {class: 'muted progress', id: kind + '-state'}, '–');
  const command = h('code', {class: 'command', id: kind + '-command'}, '–');
  const link = h('a', {class: 'permalink', id: kind + '-permalink', href: '#'}, 'Permalink');
  const stale = h('p', {class: 'stale-note', hidden: true}, 'Stale: the scenario has changed since this result — run it again.');
  const details = h('details', {class: 'stats', hidden: true}, h('summary', {}, 'Statistics'), h('pre', {id: kind + '-text'}));
  const figure = h('div', {class: 'figure', id: kind + '-figure'});
  const node = h('div', {class: 'result', id: kind + '-result'}, stale, words, figure, progress, h('p', {class: 'reproduce'}, 'Reproduce: ', command, ' ', link), details);
  let ranOn = null;
  return {
    node,
    // figure holds the result's charts, right below its words.
    figure,
    // started marks the result as that of the text now, and clears it.
    started() {
      ranOn = edit().text;
      words.textContent = '';
      details.hidden = true;
      node.classList.remove('stale');
      stale.hidden = true;
      progress.textContent = 'running';
    },
    words(lines) {
      words.textContent = '';
      for (const l of lines || []) words.append(h('li', {}, l));
    },
    progress(text) { progress.textContent = text; },
    command(cmd) { command.textContent = cmd; },
    link(href) { link.href = href; },
    text(t) {
      details.querySelector('pre').textContent = t || '';
      details.hidden = !t;
    },
    // check marks the result stale when the text is not the one it ran on,
    // or does not validate.
    check(valid) {
      const st = ranOn !== null && (!valid || ranOn !== edit().text);
      node.classList.toggle('stale', st);
      stale.hidden = !st;
    },
  };
}

// choice makes a <select> of [value, label] options.
export function choice(id, options, title) {
  const sel = h('select', {id, title});
  for (const [v, label] of options) sel.append(new Option(label, v));
  return sel;
}
