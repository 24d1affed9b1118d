// Charts drawn as SVG at the size they are shown: each chart reads its
// element's width and draws in those pixels, so that its text is 12 px
// whatever the window, and is drawn again when the width changes.

const NS = 'http://www.w3.org/2000/svg';

export function s(name, attrs, text) {
  const n = document.createElementNS(NS, name);
  for (const k in attrs) if (attrs[k] !== undefined) n.setAttribute(k, attrs[k]);
  if (text !== undefined) n.textContent = text;
  return n;
}

const drawn = new Map(); // svg → draw, drawn again on resize
const watcher = new ResizeObserver((entries) => {
  for (const e of entries) {
    const d = drawn.get(e.target);
    if (d && Math.abs(e.contentRect.width - d.width) > 1) d.draw();
  }
});

// plot draws into svg with draw(svg, width) at the svg's width, now and
// whenever that width changes; draw returns the height it used.
export function plot(svg, draw) {
  const go = () => {
    const width = Math.max(240, Math.floor(svg.getBoundingClientRect().width || svg.parentElement.clientWidth || 480));
    svg.textContent = '';
    const height = draw(svg, width);
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('height', height);
    svg.dataset.width = width; // what a test waits on after a resize
    drawn.set(svg, {width, draw: go});
  };
  if (!drawn.has(svg)) watcher.observe(svg);
  go();
}

// scale maps [d0, d1] onto [r0, r1].
function scale(d0, d1, r0, r1) {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

// niceTicks returns about n round values covering [lo, hi].
export function niceTicks(lo, hi, n = 5) {
  if (hi <= lo) return [lo];
  const raw = (hi - lo) / n, mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((st) => st >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(+v.toFixed(10));
  return out;
}

// axes draws a chart's frame: its x and y axes with ticks and titles.
// x.ticks may give [value, label] pairs (a categorical or integer axis).
function axes(svg, box, x, y) {
  const g = s('g', {class: 'axes'});
  g.append(s('line', {x1: box.l, x2: box.r, y1: box.b, y2: box.b, stroke: '#999'}));
  g.append(s('line', {x1: box.l, x2: box.l, y1: box.t, y2: box.b, stroke: '#999'}));
  for (const [v, label] of y.ticks) {
    g.append(s('line', {x1: box.l, x2: box.r, y1: y.at(v), y2: y.at(v), stroke: '#eee'}));
    g.append(s('text', {x: box.l - 6, y: y.at(v) + 4, 'text-anchor': 'end'}, label));
  }
  for (const [v, label] of x.ticks) {
    g.append(s('line', {x1: x.at(v), x2: x.at(v), y1: box.b, y2: box.b + 4, stroke: '#999'}));
    g.append(s('text', {x: x.at(v), y: box.b + 17, 'text-anchor': 'middle'}, label));
  }
  g.append(s('text', {x: (box.l + box.r) / 2, y: box.b + 36, 'text-anchor': 'middle', class: 'axis-title'}, x.title));
  g.append(s('text', {x: 14, y: (box.t + box.b) / 2, 'text-anchor': 'middle', class: 'axis-title', transform: `rotate(-90 14 ${(box.t + box.b) / 2})`}, y.title));
  svg.append(g);
}

// lineChart draws curves over a numeric x: each series' points with their
// intervals (whiskers), joined, an exact series dashed; a level as a
// horizontal rule and a bracket as a shaded band. The y axis is a share
// (0–1, in percent) unless y.min/y.max/y.format say otherwise.
export function lineChart(svg, c) {
  plot(svg, (svg, width) => {
    const height = 260, box = {l: 56, r: width - 16, t: 12, b: height - 48};
    const xs = c.series.flatMap((se) => se.points.map((p) => p.x));
    const x0 = Math.min(...xs), x1 = Math.max(...xs);
    const pad = x1 === x0 ? 1 : 0;
    const ys = c.series.flatMap((se) => se.points.flatMap((p) => [p.y, p.lo ?? p.y, p.hi ?? p.y])).concat(c.level ?? []);
    const y0 = c.yMin ?? Math.min(0, ...ys), y1 = c.yMax ?? Math.max(1, ...ys);
    const fx = scale(x0 - pad, x1 + pad, box.l + 8, box.r - 8), fy = scale(y0, y1, box.b, box.t);
    const fmt = c.yFormat || ((v) => (100 * v).toFixed(0) + ' %');
    const xt = c.xTicks || niceTicks(x0, x1, Math.min(8, Math.max(1, x1 - x0))).map((v) => [v, String(v)]);
    axes(svg, box, {at: fx, ticks: xt, title: c.xTitle}, {at: fy, ticks: niceTicks(y0, y1, 4).map((v) => [v, fmt(v)]), title: c.yTitle});
    if (c.bracket) {
      const [b0, b1] = c.bracket.map(fx);
      svg.append(s('rect', {x: Math.min(b0, b1) - 6, y: box.t, width: Math.abs(b1 - b0) + 12, height: box.b - box.t, class: 'bracket'}));
    }
    if (c.level !== undefined) svg.append(s('line', {x1: box.l, x2: box.r, y1: fy(c.level), y2: fy(c.level), class: 'level'}));
    for (const se of c.series) {
      const g = s('g', {class: 'series', 'data-series': se.label});
      const pts = se.points.map((p) => `${fx(p.x)},${fy(p.y)}`).join(' ');
      g.append(s('polyline', {points: pts, fill: 'none', stroke: se.color, 'stroke-width': 2, 'stroke-dasharray': se.dashed ? '5 4' : undefined}));
      for (const p of se.points) {
        if (p.lo !== undefined && p.hi !== undefined && p.hi > p.lo) g.append(s('line', {x1: fx(p.x), x2: fx(p.x), y1: fy(p.lo), y2: fy(p.hi), stroke: se.color, 'stroke-width': 2}));
        g.append(s('circle', {cx: fx(p.x), cy: fy(p.y), r: se.dashed ? 2.5 : 3.5, fill: se.dashed ? 'none' : se.color, stroke: se.color, 'data-x': p.x, 'data-y': p.y}));
      }
      svg.append(g);
    }
    return height;
  });
  legend(svg, c.series);
}

// legend names a chart's series in their colours, below it, when there
// are several.
function legend(svg, series) {
  let box = svg.nextElementSibling;
  if (!box || !box.classList.contains('legend')) {
    box = document.createElement('ul');
    box.className = 'legend';
    svg.after(box);
  }
  box.textContent = '';
  if (series.length < 2) return;
  for (const se of series) {
    const li = document.createElement('li');
    const key = document.createElement('span');
    key.className = 'key' + (se.dashed ? ' dashed' : '');
    key.style.borderColor = se.color;
    li.append(key, se.label);
    box.append(li);
  }
}

// barChart draws labelled horizontal bars of shares (0–1) with their
// intervals, in the order given (rank them first).
export function barChart(svg, c) {
  plot(svg, (svg, width) => {
    const row = 24, labelW = Math.min(220, width * 0.38);
    const height = 16 + row * c.bars.length + 40, box = {l: labelW, r: width - 60, t: 8, b: height - 40};
    const vmax = c.max ?? 1, vmin = c.min ?? 0;
    const fx = scale(vmin, vmax, box.l, box.r);
    for (const [v, label] of niceTicks(vmin, vmax, 4).map((v) => [v, (c.format || ((v) => (100 * v).toFixed(0) + ' %'))(v)])) {
      svg.append(s('line', {x1: fx(v), x2: fx(v), y1: box.t, y2: box.b, stroke: '#eee'}));
      svg.append(s('text', {x: fx(v), y: box.b + 16, 'text-anchor': 'middle'}, label));
    }
    svg.append(s('text', {x: (box.l + box.r) / 2, y: box.b + 34, 'text-anchor': 'middle', class: 'axis-title'}, c.title));
    c.bars.forEach((b, i) => {
      const y = box.t + row * i;
      const g = s('g', {class: 'bar', 'data-label': b.label, 'data-value': b.value});
      g.append(s('text', {x: box.l - 8, y: y + 16, 'text-anchor': 'end'}, clip(b.label, labelW / 7)));
      const zero = fx(Math.max(vmin, Math.min(0, vmax)));
      g.append(s('rect', {x: Math.min(zero, fx(b.value)), y: y + 4, width: Math.abs(fx(b.value) - zero), height: row - 8, fill: b.color || 'var(--a)', opacity: b.dim ? 0.45 : 1}));
      if (b.lo !== undefined && b.hi > b.lo) g.append(s('line', {x1: fx(b.lo), x2: fx(b.hi), y1: y + row / 2, y2: y + row / 2, stroke: '#222', 'stroke-width': 1.5}));
      g.append(s('text', {x: Math.max(fx(b.value), zero) + 6, y: y + 16}, b.text ?? pctShort(b.value)));
      svg.append(g);
    });
    return height;
  });
}

function pctShort(v) { return (100 * v).toFixed(1) + ' %'; }
function clip(text, n) { return text.length > n ? text.slice(0, Math.max(1, n - 1)) + '…' : text; }

// heatmap draws a matrix of shares: row i against column j, coloured from
// red (0) through white (0.5) to blue (1), each cell with its value.
export function heatmap(svg, c) {
  plot(svg, (svg, width) => {
    const n = c.rows.length, m = c.cols.length, labelW = Math.min(150, width * 0.25);
    const cell = Math.max(22, Math.min(60, (width - labelW - 8) / m)), head = 90;
    const height = head + cell * n + 8;
    c.cols.forEach((name, j) => {
      const x = labelW + cell * j + cell / 2;
      svg.append(s('text', {x, y: head - 6, transform: `rotate(-45 ${x} ${head - 6})`}, clip(name, 14)));
    });
    c.rows.forEach((name, i) => {
      svg.append(s('text', {x: labelW - 6, y: head + cell * i + cell / 2 + 4, 'text-anchor': 'end'}, clip(name, labelW / 7)));
      for (let j = 0; j < m; j++) {
        const v = c.value(i, j), x = labelW + cell * j, y = head + cell * i;
        const g = s('g', {class: 'cell', 'data-row': i, 'data-col': j, 'data-value': v});
        g.append(s('rect', {x, y, width: cell - 1, height: cell - 1, fill: shade(v)}));
        if (cell >= 30) g.append(s('text', {x: x + cell / 2, y: y + cell / 2 + 4, 'text-anchor': 'middle', class: 'cell-text'}, (100 * v).toFixed(0)));
        g.append(s('title', {}, `${name} against ${c.cols[j]}: ${(100 * v).toFixed(1)} %`));
        svg.append(g);
      }
    });
    return height;
  });
}

// shade is a share's colour in the heat map.
function shade(v) {
  const t = Math.max(-1, Math.min(1, 2 * v - 1));
  const mix = (a, b) => Math.round(255 + (a - 255) * Math.abs(t));
  return t >= 0 ? `rgb(${mix(47)},${mix(109)},${mix(181)})` : `rgb(${mix(192)},${mix(57)},${mix(43)})`;
}

// histogram draws bins (value, share) as columns, with optional exact
// shares as dots, and titled axes.
export function histogram(svg, c) {
  plot(svg, (svg, width) => {
    const height = 200, box = {l: 56, r: width - 12, t: 10, b: height - 46};
    const ks = c.bins.map((b) => b[0]).concat(c.exact.map((b) => b[0]));
    const lo = Math.min(...ks), hi = Math.max(...ks);
    const top = Math.max(...c.bins.map((b) => b[1]), ...c.exact.map((b) => b[1]), 1e-9);
    const w = (box.r - box.l) / (hi - lo + 1), fy = scale(0, top, box.b, box.t);
    const fx = (k) => box.l + (k - lo + 0.5) * w;
    axes(svg, box, {at: fx, ticks: niceTicks(lo, hi, Math.min(8, hi - lo + 1)).filter(Number.isInteger).map((v) => [v, String(v)]), title: c.xTitle},
      {at: fy, ticks: niceTicks(0, top, 3).map((v) => [v, (100 * v).toFixed(top < 0.05 ? 1 : 0) + ' %']), title: c.yTitle});
    for (const [k, p] of c.bins) svg.append(s('rect', {x: fx(k) - w / 2 + 0.5, y: fy(p), width: Math.max(w - 1, 1), height: box.b - fy(p), fill: c.color || 'var(--a)'}));
    for (const [k, p] of c.exact) svg.append(s('circle', {cx: fx(k), cy: fy(p), r: 3, fill: '#2e7d32'}));
    if (c.note) svg.append(s('text', {x: box.r, y: box.t + 10, 'text-anchor': 'end'}, c.note));
    return height;
  });
}
