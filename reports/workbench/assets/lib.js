// Helpers every part of the page shares: the DOM, the server's API, and
// how numbers are written.

export const $ = (id) => document.getElementById(id);

// h makes an element: h('p', {class: 'x'}, 'text', child, …); attributes
// that start with "on" are listeners, held as the element's properties
// (onclick, onchange), which morph.js hands on to the node it keeps.
export function h(tag, attrs, ...children) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) n[k] = v;
    else if (k === 'dataset') Object.assign(n.dataset, v);
    else n.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) n.append(c instanceof Node ? c : String(c));
  return n;
}

// api sends a request to the server and returns its JSON answer, or
// throws the error it answered.
export async function api(path, body) {
  const opts = body === undefined ? {} : {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)};
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({error: res.statusText}));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

// pct writes a share as a percentage with two decimals, as the command
// line writes it; a share that is not 0 or 1 never reads as 0 % or 100 %.
export function pct(p, digits = 2) {
  let s = (100 * p).toFixed(digits);
  if (p > 0 && Number(s) === 0) s = '<' + (1 / 10 ** digits).toFixed(digits);
  if (p < 1 && Number(s) === 100) s = '>' + (100 - 1 / 10 ** digits).toFixed(digits);
  return s + ' %';
}

// interval writes [lo, hi] of shares in percent.
export function interval(lo, hi) { return '[' + (100 * lo).toFixed(2) + ', ' + (100 * hi).toFixed(2) + ']'; }

// labelsOf is a result's side names; a result without them (stratfight's)
// names its sides a and b.
export function labelsOf(r) { return r.labels || {a: 'a', b: 'b'}; }

// sideOf names a counter or metric by its side's name: a.survivors.Cruiser
// with labels {a: attacker} is "attacker: survivors.Cruiser".
export function sideOf(name, labels) {
  const m = /^([ab])\.(.+)$/.exec(name);
  if (!m || !labels) return name;
  return labels[m[1]] + ': ' + m[2];
}

// Reproduce and permalink lines under a result.
export function reproduce(command) {
  return h('p', {class: 'reproduce'}, 'Reproduce: ', h('code', {class: 'command'}, command || '–'));
}

// save offers text as a file download.
export function save(text, file) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], {type: 'application/yaml'}));
  a.download = file;
  a.click();
  URL.revokeObjectURL(a.href);
}

// fileOf is the server's fileName: the name the scenario is saved as,
// of letters, digits, '_', '-' and '.' only, neither '-' nor '.' first.
export function fileOf(name) {
  name = name.replace(/\.ya?ml$/, '').replace(/[^A-Za-z0-9_.-]/gu, '-').replace(/^[.-]+/, '');
  return (name || 'scenario') + '.yaml';
}

// plain returns a document node (the server's tree) as plain JSON.
export function plain(n) {
  if (!n) return null;
  switch (n.k) {
    case 'map': return Object.fromEntries((n.keys || []).map((k, i) => [k, plain(n.vals[i])]));
    case 'seq': return (n.items || []).map(plain);
    case 'scalar': return !n.q && /^-?[0-9]+$/.test(n.v) ? Number(n.v) : n.v;
  }
  return null;
}

// at returns the node at a field path of a document tree, or undefined.
export function at(tree, path) {
  let n = tree;
  for (const part of path.split('.')) {
    const m = /^(.*)\[(\d+)\]$/.exec(part);
    const key = m ? m[1] : part;
    if (!n || n.k !== 'map') return undefined;
    const i = (n.keys || []).indexOf(key);
    if (i < 0) return undefined;
    n = n.vals[i];
    if (m) {
      if (n.k !== 'seq') return undefined;
      n = (n.items || [])[Number(m[2])];
    }
  }
  return n;
}
