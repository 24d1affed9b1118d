// The fields a sweep may vary and a tune search, as the server finds them
// for the text (every integer and every field of a few words the
// reference declares, written in the text or not, each with the values
// the scenario takes), fetched once per text — and only while a card that
// offers them is shown: their bounds cost the server a compile per value
// tried (about 140 ms of a core on eclipse/fleet-mirror-upgraded), which an
// edit's odds, their first estimate and exact value, would otherwise wait
// behind on every edit.

import {h, api} from '../lib.js';
import {state, edit} from '../page.js';

// wanted says whether a card that offers the fields is shown.
export const wanted = () => state.card === 'sweep' || state.card === 'tune';

let cached = {text: null, fields: Promise.resolve([])};

export function fieldsOf() {
  const e = edit();
  if (cached.text !== e.text) cached = {text: e.text, fields: api('/api/fields', e).then((r) => r.fields || []).catch(() => [])};
  return cached.fields;
}

// fill puts the fields that pass keep into a <select>, those the text
// writes first, keeping the choice made when it is still there.
export function fill(sel, fields, keep) {
  const was = sel.value;
  sel.textContent = '';
  const groups = [['in the text', fields.filter((f) => f.value && keep(f))], ['not in the text', fields.filter((f) => !f.value && keep(f))]];
  for (const [label, list] of groups) {
    if (!list.length) continue;
    const g = h('optgroup', {label});
    for (const f of list) {
      const o = new Option(f.path + (f.value ? ' (' + f.value + ')' : ''), f.path);
      o.title = f.meaning;
      g.append(o);
    }
    sel.append(g);
  }
  if ([...sel.options].some((o) => o.value === was)) sel.value = was;
  return fields.find((f) => f.path === sel.value);
}

// values suggests the values to sweep a field over: every allowed word, or
// the integers of its range, at most a dozen evenly spread.
export function values(f) {
  if (!f) return '';
  if (f.kind === 'word') return f.values.join(',');
  const lo = f.min, hi = f.max;
  if (hi - lo <= 11) return lo + '..' + hi;
  const base = f.value !== undefined && f.value !== '' ? Number(f.value) : lo;
  const from = Math.max(lo, base - 5), to = Math.min(hi, from + 10);
  return from + '..' + to;
}
