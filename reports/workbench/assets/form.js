// The form beside the YAML: drawn from the ruleset's reference (the data
// `crucible rules ID --format json` gives: every field's type, bounds,
// words and where its names come from, and the catalogues) and from the
// document the text holds — never from a ruleset's own page. An edit in
// the form goes to the server as an edit of the text (textedit), which
// keeps the rest of the text as it was; the text is then validated like
// any other, and the validation's error shows at its field here: the live
// check of every constraint the ruleset makes (a blueprint's slots and
// energy, a hull's limit, a unit's hex).

import {$, h, api, at} from './lib.js';
import {state, setText, onValidation} from './page.js';
import {morph} from './morph.js';

let fields = new Map(); // the reference's fields by path pattern
let kids = new Map(); // path pattern → the patterns one level below it
let ref = null;

// index reads a reference into the maps above.
function index(r) {
  ref = r;
  fields = new Map(r.fields.map((f) => [f.path, f]));
  kids = new Map();
  for (const f of r.fields) {
    const parent = parentOf(f.path);
    if (!kids.has(parent)) kids.set(parent, []);
    kids.get(parent).push(f.path);
  }
}

// parentOf is a pattern's parent: "blueprints[].parts" → "blueprints[]",
// "attacker.ships.<blueprint>" → "attacker.ships", "parts" → "".
function parentOf(p) {
  const i = p.lastIndexOf('.');
  return i < 0 ? '' : p.slice(0, i);
}
function last(p) { return p.slice(p.lastIndexOf('.') + 1); }
function join(p, k) { return p ? p + '.' + k : k; }

// send makes edits of the text through the server, which puts the result
// in the editor and validates it at once (app.js: the edits go with the
// odds' request): a pick is an edit made whole, and its odds are timed
// from the pick.
let sendEdits = null;
function send(ops) { sendEdits(ops, performance.now()); }

async function define(path, how) {
  const at = performance.now();
  try {
    const r = await api('/api/define', {name: $('name').value, text: $('src').value, path, how});
    setText(r.text, at);
    state.formFocus = r.at;
  } catch (e) { $('form-status').textContent = e.message; }
}

// valueOf reads an input's text as the field's value: a number for an
// integer field, else text.
function valueOf(f, text) {
  if (f && (f.type === 'integer' || f.type.startsWith('integer')) && /^-?[0-9]+$/.test(text.trim())) return Number(text.trim());
  return text;
}

// names returns the names a field may hold: its words, the entries of the
// catalogues its names come from, and the names fields of the document
// define (blueprints[].name, or the keys of a.designs), each with what the
// catalogue says of it.
function names(f) {
  const out = new Map();
  for (const v of f.values || []) out.set(v, '');
  for (const c of (f.names && f.names.catalogues) || []) {
    const cat = (ref.catalogues || []).find((x) => x.name === c);
    for (const row of cat ? cat.rows : []) out.set(row[0], cat.columns.slice(1).map((col, i) => row[i + 1] ? col + ' ' + row[i + 1] : '').filter(Boolean).join(', '));
  }
  for (const p of (f.names && f.names.fields) || []) {
    const [list, field] = p.split('[].');
    const defined = at(state.doc, list);
    if (field === undefined) { // a mapping of names to definitions (a rules file's designs)
      for (const k of (defined && defined.k === 'map' && defined.keys) || []) out.set(k, 'defined in ' + list);
      continue;
    }
    for (const it of (defined && defined.items) || []) {
      const n = it.k === 'map' ? (it.vals || [])[(it.keys || []).indexOf(field)] : null;
      if (n && n.k === 'scalar') out.set(n.v, 'defined in ' + list);
    }
  }
  return out;
}

// A box is sent as it is typed in, once typing pauses (typingPause), as
// the YAML editor's text is; typed is what typing sent, which the change
// event that ends the typing does not send again.
const typingPause = 250;
let typing = 0, typed = null;

// scalarInput edits a scalar field: a number box within the field's
// bounds, a choice of its names, or a text box; an absent field shows its
// default, and choosing the default (an emptied box, once left) removes
// the field.
function scalarInput(f, path, node) {
  const value = node && node.k === 'scalar' ? node.v : '';
  const choices = names(f);
  const change = (v) => {
    if (v === value) return;
    if (v === '' && node) send([{op: 'remove', path}]);
    else if (v !== '') send([{op: 'set', path, value: valueOf(f, v)}]);
  };
  if (choices.size) {
    const sel = h('select', {dataset: {path}, onchange: (e) => change(e.target.value)});
    if (!f.required || !node) sel.append(new Option(f.default ? '(default: ' + f.default + ')' : '(not set)', ''));
    if (value && !choices.has(value)) sel.append(new Option(value, value));
    for (const [v, about] of choices) {
      const o = new Option(v, v);
      o.title = about;
      sel.append(o);
    }
    sel.value = value;
    return sel;
  }
  const num = f.type === 'integer';
  const oninput = (e) => {
    clearTimeout(typing);
    typed = null;
    const v = e.target.value.trim();
    if (v !== '') typing = setTimeout(() => { typed = {path, v}; change(v); }, typingPause);
  };
  const onchange = (e) => {
    clearTimeout(typing);
    const v = e.target.value.trim(), sent = typed && typed.path === path && typed.v === v;
    typed = null;
    if (!sent) change(v);
  };
  return h('input', {dataset: {path}, value, type: num ? 'number' : 'text', class: num ? 'num' : '', min: f.min, max: f.max,
    placeholder: f.default || (f.required ? 'required' : ''), spellcheck: 'false', oninput, onchange});
}

// row is one field of a section: its name (its meaning on hover), its
// editor, and room for its error.
function row(label, meaning, editor, path, actions) {
  return h('div', {class: 'field', dataset: {path}}, h('label', {title: meaning}, label), editor, ...(actions || []), h('span', {class: 'field-error'}));
}

// render draws the field pattern at path (concrete) of node.
function render(pattern, path, node) {
  const f = fields.get(pattern) || {path: pattern, type: 'mapping', meaning: ''};
  const below = kids.get(pattern) || [];
  const keyed = below.find((p) => /<[^>]+>$/.test(p));
  const items = kids.get(pattern + '[]') || [];
  if (f.type.startsWith('list of') && !items.length) return chips(f, path, node);
  if (f.type.startsWith('list of') || items.length) return list(f, pattern, path, node);
  if (keyed) return keyedMap(f, keyed, path, node);
  const isMap = node && node.k === 'map';
  if (below.length && (isMap || f.type === 'mapping' || f.type.startsWith('mapping'))) return section(f, pattern, path, node);
  if (below.length && !isMap) {
    // A field that names a catalogue's entry or holds its own mapping.
    const actions = node && node.k === 'scalar' && f.names ? [h('button', {type: 'button', class: 'small', onclick: () => define(path, 'inline')}, 'Make my own')] : [];
    return row(last(path), f.meaning, scalarInput(f, path, node), path, actions);
  }
  return row(last(path), f.meaning, scalarInput(f, path, node), path);
}

// section draws a mapping of fixed fields: those the text writes, then the
// others behind "more fields".
function section(f, pattern, path, node) {
  const box = h('fieldset', {class: 'section', dataset: {path}}, h('legend', {title: f.meaning}, last(path) || 'scenario'));
  const more = h('details', {class: 'more'});
  let absent = 0;
  for (const k of kids.get(pattern) || []) {
    const key = last(k), child = node && node.k === 'map' && (node.keys || []).includes(key) ? node.vals[node.keys.indexOf(key)] : undefined;
    const drawn = render(k, join(path, key), child);
    if ((child !== undefined || (fields.get(k) || {}).required) && !typingInMore(join(path, key))) box.append(drawn);
    else { more.append(drawn); absent++; }
  }
  if (absent) {
    more.prepend(h('summary', {}, absent + ' more fields'));
    box.append(more);
  }
  return box;
}

// typingInMore says whether the designer is typing in the field at path
// behind "more fields": the field stays there while they do, though its
// first keys wrote it in the text, so that the box they type in is kept.
function typingInMore(path) {
  const a = document.activeElement;
  return Boolean(a && a.dataset && a.dataset.path === path && a.closest('#form details.more'));
}

// keyedMap draws a mapping whose keys the designer chooses (ships by
// blueprint): a row a key, with its value, removal and, where a list of
// the scenario defines such names, an upgrade (a copy of the design the
// side then fields); and a choice to add a key.
function keyedMap(f, keyed, path, node) {
  const vf = fields.get(keyed) || {type: 'text'};
  const box = h('fieldset', {class: 'section keyed', dataset: {path}}, h('legend', {title: f.meaning}, last(path)));
  const present = node && node.k === 'map' ? node.keys || [] : [];
  present.forEach((k, i) => {
    const p = join(path, k);
    const actions = [h('button', {type: 'button', class: 'small', title: 'remove ' + k, onclick: () => send([{op: 'remove', path: p}])}, '×')];
    if (f.names && f.names.fields && f.names.fields.length) {
      actions.unshift(h('button', {type: 'button', class: 'small upgrade', title: 'a copy of ' + k + ' for this side, to change', onclick: () => define(p, 'copy')}, 'Upgrade'));
    }
    const val = node.vals[i];
    const editor = val.k === 'map' || val.k === 'seq' ? render(keyed, p, val) : scalarInput(vf, p, val);
    box.append(row(k, vf.meaning, editor, p, actions));
  });
  const choices = [...names(f)].filter(([v]) => !present.includes(v));
  if (choices.length) {
    const first = vf.min !== undefined ? Math.max(vf.min, 1) : (vf.default || '');
    const sel = h('select', {class: 'add', onchange: (e) => { if (e.target.value) send([{op: 'set', path: join(path, e.target.value), value: valueOf(vf, String(first))}]); }},
      new Option('+ add…', ''), ...choices.map(([v, about]) => { const o = new Option(v, v); o.title = about; return o; }));
    box.append(h('div', {class: 'field'}, sel));
  }
  return box;
}

// list draws a list of entries (blueprints, parts, units): a card each,
// titled by its name, with copy and removal; and a button to add one with
// its required fields.
function list(f, pattern, path, node) {
  const box = h('fieldset', {class: 'section list', dataset: {path}}, h('legend', {title: f.meaning}, last(path)));
  const itemPattern = pattern + '[]';
  (node && node.k === 'seq' ? node.items || [] : []).forEach((it, i) => {
    const p = path + '[' + i + ']';
    const title = it.k === 'map' ? (['name', 'id'].map((k) => (it.keys || []).includes(k) ? it.vals[it.keys.indexOf(k)].v : '').find(Boolean) || '#' + (i + 1)) : '#' + (i + 1);
    const card = section({meaning: f.meaning}, itemPattern, p, it);
    card.querySelector('legend').textContent = title;
    card.classList.add('item');
    card.append(h('div', {class: 'actions'},
      h('button', {type: 'button', class: 'small', onclick: () => send([{op: 'append', path, value: copyOf(it, title)}])}, 'Copy'),
      h('button', {type: 'button', class: 'small', onclick: () => send([{op: 'remove', path: p}])}, 'Remove')));
    box.append(card);
  });
  box.append(h('button', {type: 'button', class: 'small', onclick: () => send([{op: 'append', path, value: newItem(itemPattern)}])}, '+ add to ' + last(path)));
  return box;
}

// copyOf is a list entry copied under a new name.
function copyOf(it, title) {
  const v = plainOf(it);
  if (v && typeof v === 'object' && 'name' in v) v.name = title + ' copy';
  if (v && typeof v === 'object' && 'id' in v) v.id = title + '-copy';
  return v;
}

// newItem is a new entry of a list with its required fields: a name, the
// least number, the first word.
function newItem(itemPattern) {
  const out = {};
  for (const k of kids.get(itemPattern) || []) {
    const f = fields.get(k);
    if (!f.required) continue;
    const key = last(k);
    const choices = names(f);
    if (f.type === 'integer') out[key] = f.min !== undefined ? Math.max(f.min, 0) : 0;
    else if (choices.size) out[key] = [...choices.keys()][0];
    else out[key] = 'new ' + key;
  }
  return out;
}

// chips draws a list of names (a blueprint's parts): a chip each, which
// a choice swaps for another name or removes; and a choice to add one.
function chips(f, path, node) {
  const items = node && node.k === 'seq' ? (node.items || []).map((n) => n.v) : [];
  const choices = names(f);
  const box = h('div', {class: 'chips'});
  items.forEach((v, i) => {
    const sel = h('select', {class: 'chip', title: (choices.get(v) || '') + ' — pick another to swap, or remove', dataset: {path: path + '[' + i + ']'},
      onchange: (e) => {
        if (e.target.value === '') send([{op: 'remove', path: path + '[' + i + ']'}]);
        else send([{op: 'set', path: path + '[' + i + ']', value: e.target.value}]);
      }}, new Option('× remove', ''), ...[...choices].map(([c, about]) => { const o = new Option(c, c); o.title = about; return o; }));
    if (!choices.has(v)) sel.append(new Option(v, v));
    sel.value = v;
    box.append(sel);
  });
  const add = h('select', {class: 'add', onchange: (e) => { if (e.target.value) send([{op: 'append', path, value: e.target.value}]); }},
    new Option('+ add…', ''), ...[...choices].map(([c, about]) => { const o = new Option(c, c); o.title = about; return o; }));
  box.append(add);
  return row(last(path), f.meaning + (f.allowed ? ' (' + f.allowed + ')' : ''), box, path);
}

// plainOf is a document node as plain JSON for an edit's value.
function plainOf(n) {
  switch (n.k) {
    case 'map': return Object.fromEntries((n.keys || []).map((k, i) => [k, plainOf(n.vals[i])]));
    case 'seq': return (n.items || []).map(plainOf);
    case 'scalar': return !n.q && /^-?[0-9]+$/.test(n.v) ? Number(n.v) : n.v;
  }
  return null;
}

// draw brings the form up to the reference and the document and marks
// the validation's error at its field. The form is drawn anew off the
// page and the page's form patched to match (morph.js): only the fields
// that changed are touched, so that the box being typed in keeps its
// focus, caret and text, and the open sections stay open. A document and
// reference the form shows already are not drawn again.
let drawn = {doc: '', ref: null};
function draw(v) {
  const root = $('form');
  if (!state.ref || !state.doc) {
    root.textContent = state.doc ? 'No reference for ruleset ' + (state.ruleset || '?') + ': edit the YAML.' : 'The text is not YAML yet: edit it in the YAML view.';
    drawn = {doc: '', ref: null};
    return;
  }
  if (ref !== state.ref) index(state.ref);
  const doc = JSON.stringify(state.doc);
  if (doc !== drawn.doc || ref !== drawn.ref) {
    const top = section({meaning: ref.title}, '', '', state.doc);
    top.querySelector('legend').textContent = ref.title;
    const was = root.firstChild;
    if (root.childNodes.length === 1 && was.nodeName === 'FIELDSET') morph(was, top);
    else root.replaceChildren(top);
    drawn = {doc, ref};
  }
  unmark(root);
  for (const p of (v && v.problems) || []) mark(p);
  $('form-status').textContent = v && v.ok ? '' : (v ? v.message : '');
  if (state.formFocus) {
    const n = root.querySelector(`[data-path="${CSS.escape(state.formFocus)}"]`);
    if (n) n.scrollIntoView({block: 'nearest'});
    state.formFocus = '';
  }
}

// unmark clears the errors mark showed.
function unmark(root) {
  for (const n of root.querySelectorAll('.bad')) n.classList.remove('bad');
  for (const n of root.querySelectorAll('.field-error')) {
    if (n.nodeName === 'P') n.remove();
    else n.textContent = '';
  }
}

// mark shows an error at the field it names, or at the nearest field
// above it that the form draws.
function mark(p) {
  let path = p.path || '';
  while (path) {
    const n = $('form').querySelector(`[data-path="${CSS.escape(path)}"]`);
    if (n) {
      const field = n.closest('.field, .section') || n;
      field.classList.add('bad');
      const err = field.querySelector(':scope > .field-error') || field.appendChild(h('p', {class: 'field-error'}));
      err.textContent = p.message.replace(/^[^:]*:\d+:\d+: /, '');
      for (let d = field.parentElement; d; d = d.parentElement) if (d.tagName === 'DETAILS') d.open = true;
      return;
    }
    path = path.includes('.') || path.includes('[') ? path.replace(/(\.[^.[]+|\[\d+\])$/, '') : '';
  }
}

// initForm draws the form on every validation; its edits go to send, with
// the time of the pick.
export function initForm(send) {
  sendEdits = send;
  onValidation(draw);
}
