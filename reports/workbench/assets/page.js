// The page's own state and its plumbing to the server: the tab's id and
// event stream, the jobs it numbers, the scenario's text and what the
// server last said of it. Every card and the form talk to the server
// through it.

import {$, api, fileOf} from './lib.js';

export const tab = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).replace(/[^A-Za-z0-9_-]/g, '');

// state is what the page holds; tests read it (window.workbench).
export const state = {
  builtin: '', folder: '', maxBody: 1 << 20, ready: false,
  // The odds: the job, its timings and what it showed.
  job: 0, sent: 0, editAt: null, firstMs: null, pointMs: null, exactMs: null, exact: null, last: null,
  // The exact shares ahead of the rounds distribution (headline), and
  // when the whole solution came (exactMs is when the first exact number
  // did, from either).
  headline: null, exactFullMs: null, estimates: 0, history: [], done: false,
  // unchanged counts the edits that left the scenario, seed and trials as
  // the job that runs has them, which start no job.
  unchanged: 0,
  // The answers of the other cards, by kind, and their jobs.
  sweep: null, tune: null, compare: null, meta: null, spread: null, replay: null, skill: null,
  // What the server last said of the text: its validation, document and
  // ruleset, and that ruleset's reference.
  validation: null, doc: null, ruleset: '', ref: null,
  // The rules file the scenario reads, in the editor beside it: {file,
  // named} (named: the name the scenario calls it by, until the page's
  // first edit of it makes the scenario read it by path), or null.
  rules: null,
};
window.workbench = state;

// The page numbers its jobs before it asks for them: a job's events carry
// its number and may arrive before the answer to the request (a job can
// end first), so the page must know the number before it asks.
let jobs = 0;
const owners = new Map(); // job → the card whose job it is
export function newJob(card) {
  const id = ++jobs;
  owners.set(id, card);
  return id;
}
export function ownerOf(job) { return owners.get(job); }

// The scenario as the server takes it.
export const src = () => $('src');
export function edit() {
  const e = {name: $('name').value, text: src().value, folder: state.folder};
  if (state.rules && !state.rules.named) e.rules = {file: state.rules.file, text: $('rules-src').value};
  return e;
}
export function file() { return fileOf($('name').value); }

// seed is the seed field as the server takes it: a string of digits, kept
// exact above 2^53, where a JavaScript number is not.
export function seed() { const v = $('seed').value.trim(); return /^[0-9]+$/.test(v) ? v : '0'; }
export function trials() { return Number($('trials').value) || 0; }

// ask sends a card's request for a job, numbered for it.
export async function ask(card, kind, body) {
  const job = newJob(card);
  return {job, reply: api('/api/' + kind, Object.assign({tab, job, seed: seed()}, body))};
}

// Listeners of what the server says of the text: each is called with the
// validation (and the document and reference) after every edit.
const listeners = [];
export function onValidation(fn) { listeners.push(fn); }

let carried = {text: '', ref: null}; // the reference the last validation carried, and as JSON

// validated records the server's validation of the text, fetching the
// ruleset's reference when it changes — or taking the one the validation
// carries, of the page's own rules file, as it is now — and tells the
// listeners.
export async function validated(v) {
  state.validation = v;
  if (v.doc) state.doc = v.doc;
  const ruleset = v.ruleset || v.of || '';
  if (v.reference) {
    // The same reference again (an edit elsewhere than the rules file's
    // units) is the one the form holds: it is not drawn anew for it.
    const text = JSON.stringify(v.reference);
    if (text !== carried.text || state.ref !== carried.ref) carried = {text, ref: state.ref = v.reference};
    state.ruleset = ruleset;
  } else if (ruleset && ruleset !== state.ruleset) {
    state.ruleset = ruleset;
    state.ref = null;
    try { state.ref = await referenceOf(ruleset); } catch (e) { /* an unknown ruleset: the form waits */ }
  }
  for (const fn of listeners) {
    try { fn(v); } catch (e) { console.error(e); }
  }
}

const references = new Map();
export async function referenceOf(id) {
  if (!references.has(id)) references.set(id, api('/api/reference?ruleset=' + encodeURIComponent(id)));
  return references.get(id);
}

// setText replaces the scenario's text, as typing does: the editor
// redraws and the edit is sent. An edit made whole at once (a pick in the
// form, at the time at, from performance.now()) is sent without waiting
// for typing to pause, and its odds are timed from at.
export function setText(text, at) {
  src().value = text;
  if (at !== undefined) state.editAt = at;
  src().dispatchEvent(new CustomEvent('input', {detail: {whole: at !== undefined}}));
}
