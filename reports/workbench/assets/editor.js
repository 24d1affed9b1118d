// The YAML editors: the scenario's, and beside it the rules file's when
// the scenario reads one — each a text area with its lines numbered, the
// lines with an error marked, and the list of its errors, each at its line.

import {$} from './lib.js';
import {state} from './page.js';

// The two editors by the ids of their text area, gutter and error list.
const editors = {
  scenario: {src: 'src', gutter: 'gutter', problems: 'problems'},
  rules: {src: 'rules-src', gutter: 'rules-gutter', problems: 'rules-problems'},
};

// renderGutter numbers an editor's lines and marks those in bad.
export function renderGutter(bad, which = 'scenario') {
  const e = editors[which];
  const n = $(e.src).value.split('\n').length;
  const out = [];
  for (let i = 1; i <= n; i++) out.push(bad && bad.has(i) ? '<span class="bad" data-line="' + i + '">' + i + '</span>' : String(i));
  $(e.gutter).innerHTML = out.join('\n');
  $(e.gutter).scrollTop = $(e.src).scrollTop;
}

// showProblems lists a validation's errors under the editor of the file
// each is in, and marks their lines; the status line says validate's word
// on the text.
export function showProblems(v) {
  const rulesFile = state.rules && state.rules.file;
  const bad = {scenario: new Set(), rules: new Set()};
  for (const e of Object.values(editors)) $(e.problems).textContent = '';
  for (const p of v.problems || []) {
    const which = rulesFile && p.file === rulesFile ? 'rules' : 'scenario';
    const li = document.createElement('li');
    li.dataset.line = p.line; li.dataset.col = p.col; li.dataset.path = p.path || '';
    li.textContent = p.message;
    $(editors[which].problems).appendChild(li);
    if (p.line > 0) bad[which].add(p.line);
  }
  renderGutter(bad.scenario);
  renderGutter(bad.rules, 'rules');
  $('status').textContent = v.message;
  $('status').className = v.ok ? 'ok' : 'bad';
}

// initEditor calls changed on every edit of the scenario's text (whole:
// made at once, by the form) and rulesChanged on every edit of the rules
// file's.
export function initEditor(changed, rulesChanged) {
  for (const [which, e] of Object.entries(editors)) {
    $(e.src).addEventListener('scroll', () => { $(e.gutter).scrollTop = $(e.src).scrollTop; });
    $(e.src).addEventListener('input', (ev) => {
      renderGutter(undefined, which);
      if (which === 'rules') rulesChanged();
      else changed(Boolean(ev.detail && ev.detail.whole));
    });
  }
}
