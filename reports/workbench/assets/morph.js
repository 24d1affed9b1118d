// morph makes a drawn part of the page look like a new drawing of it
// while keeping every node that is still there: a node is patched in
// place (its attributes, text, value and handlers), moved where its
// siblings moved, and only a node that is new, gone or of another kind is
// added, removed or replaced. The designer's focus, caret, selection and
// scroll, and what the page itself opened (a <details>), stay as they were;
// the field being typed in keeps the text being typed.
//
// Children are matched by their data-path (a field of the scenario) where
// they have one, else by position and tag: an entry removed from a list
// removes its card and no other.

// handlers are the listeners the page's elements hold as properties (h in
// lib.js sets them so), which morph gives the kept node: the new
// drawing's listeners know the new document.
const handlers = ['onchange', 'onclick', 'oninput', 'onkeydown', 'ontoggle'];

// morph patches old to look like neu and returns old, or neu where it
// replaced old (a node of another kind).
export function morph(old, neu) {
  if (!same(old, neu)) {
    old.replaceWith(neu);
    return neu;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return old;
  }
  attributes(old, neu);
  for (const k of handlers) if (old[k] !== neu[k]) old[k] = neu[k];
  children(old, neu);
  value(old, neu);
  return old;
}

// same says whether old may become neu in place: the same kind of node,
// and for an element the same tag and the same field.
function same(old, neu) {
  if (old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName) return false;
  return old.nodeType !== Node.ELEMENT_NODE || (keyOf(old) === keyOf(neu) && old.getAttribute('type') === neu.getAttribute('type'));
}

function keyOf(n) { return n.nodeType === Node.ELEMENT_NODE && n.dataset.path !== undefined ? n.nodeName + ' ' + n.dataset.path : ''; }

// attributes copies neu's attributes to old and removes those it lacks;
// a <details>'s open is the designer's, not the drawing's.
function attributes(old, neu) {
  for (const a of [...old.attributes]) if (!neu.hasAttribute(a.name) && !(a.name === 'open' && old.nodeName === 'DETAILS')) old.removeAttribute(a.name);
  for (const a of neu.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
}

// value gives a form control the new drawing's value, except the one the
// designer is typing in, whose text is theirs until they leave it.
function value(old, neu) {
  if (!('value' in neu) || !/^(INPUT|SELECT|TEXTAREA)$/.test(old.nodeName)) return;
  if (old === document.activeElement && old.nodeName !== 'SELECT') return;
  if (old.value !== neu.value) old.value = neu.value;
}

// children patches old's children to be neu's, in neu's order: a child
// with a data-path is found among old's by it, one without by its place.
function children(old, neu) {
  const byKey = new Map();
  for (const c of old.childNodes) if (keyOf(c)) byKey.set(keyOf(c), c);
  let cursor = old.firstChild;
  for (const n of [...neu.childNodes]) {
    const k = keyOf(n);
    let match = k ? byKey.get(k) : (cursor && !keyOf(cursor) && same(cursor, n) ? cursor : null);
    if (match && !same(match, n)) match = null;
    if (!match) {
      old.insertBefore(n, cursor);
      continue;
    }
    byKey.delete(k);
    if (match === cursor) cursor = cursor.nextSibling;
    else old.insertBefore(match, cursor);
    morph(match, n);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}
