// The YAML editor: a text area with its lines numbered, the lines with an
// error marked, and the list of errors, each at its line.

import {$} from './lib.js';

const src = () => $('src'), gutter = () => $('gutter');

// renderGutter numbers the editor's lines and marks those in bad.
export function renderGutter(bad) {
  const n = src().value.split('\n').length;
  const out = [];
  for (let i = 1; i <= n; i++) out.push(bad && bad.has(i) ? '<span class="bad" data-line="' + i + '">' + i + '</span>' : String(i));
  gutter().innerHTML = out.join('\n');
  gutter().scrollTop = src().scrollTop;
}

// showProblems lists a validation's errors and marks their lines; the
// status line says validate's word on the text.
export function showProblems(v) {
  const list = $('problems');
  list.textContent = '';
  const bad = new Set();
  for (const p of v.problems || []) {
    const li = document.createElement('li');
    li.dataset.line = p.line; li.dataset.col = p.col; li.dataset.path = p.path || '';
    li.textContent = p.message;
    list.appendChild(li);
    if (p.line > 0) bad.add(p.line);
  }
  renderGutter(bad);
  $('status').textContent = v.message;
  $('status').className = v.ok ? 'ok' : 'bad';
}

export function initEditor(changed) {
  src().addEventListener('scroll', () => { gutter().scrollTop = src().scrollTop; });
  src().addEventListener('input', (e) => { renderGutter(); changed(Boolean(e.detail && e.detail.whole)); });
}
