/* kg viz: the timeline strip of dated events (used by viz.js as kgTimeline).
 *
 * Events are counted per day, month or year (whichever gives at most MAX_BINS bins over the span
 * of their dates), stacked by class colour; a run of empty bins longer than GAP is drawn as one
 * narrow gap, so that an outlier years away does not squash the rest. Clicking a bin, or dragging
 * across several, picks that date range (the `onPick(from, to)` callback, ISO dates); clicking the
 * picked range again, or "All dates", clears it. Bins are buttons: Tab and Enter work too. */
var kgTimeline = (function () {
  "use strict";

  var MAX_BINS = 240, GAP = 6;

  function parse(iso) {  // "YYYY", "YYYY-MM" or "YYYY-MM-DD..." -> [year, month 0-11, day]
    var m = /^(-?\d{4})(?:-(\d\d))?(?:-(\d\d))?/.exec(iso || "");
    return m ? [+m[1], m[2] ? +m[2] - 1 : 0, m[3] ? +m[3] : 1] : null;
  }
  function pad(n, width) { var s = String(Math.abs(n)); while (s.length < width) s = "0" + s; return (n < 0 ? "-" : "") + s; }
  function iso(t) { var d = new Date(t); return pad(d.getUTCFullYear(), 4) + "-" + pad(d.getUTCMonth() + 1, 2) + "-" + pad(d.getUTCDate(), 2); }
  var DAY = 86400000;

  /* The unit for dates from `first` to `last` (ISO) and a function from a date to its bin number. */
  function unitFor(first, last) {
    var a = parse(first), b = parse(last);
    var days = (Date.UTC(b[0], b[1], b[2]) - Date.UTC(a[0], a[1], a[2])) / DAY;
    var months = (b[0] - a[0]) * 12 + b[1] - a[1];
    if (days < MAX_BINS) return {
      name: "day", index: function (d) { var p = parse(d); return Math.round((Date.UTC(p[0], p[1], p[2]) - Date.UTC(a[0], a[1], a[2])) / DAY); },
      range: function (i) { var t = Date.UTC(a[0], a[1], a[2]) + i * DAY; return [iso(t), iso(t)]; },
      label: function (i) { return this.range(i)[0]; }};
    if (months < MAX_BINS) return {
      name: "month", index: function (d) { var p = parse(d); return (p[0] - a[0]) * 12 + p[1] - a[1]; },
      range: function (i) { return [iso(Date.UTC(a[0], a[1] + i, 1)), iso(Date.UTC(a[0], a[1] + i + 1, 0))]; },
      label: function (i) { return this.range(i)[0].slice(0, 7); }};
    return {
      name: "year", index: function (d) { return parse(d)[0] - a[0]; },
      range: function (i) { return [iso(Date.UTC(a[0] + i, 0, 1)), iso(Date.UTC(a[0] + i, 11, 31))]; },
      label: function (i) { return this.range(i)[0].slice(0, 4); }};
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* A timeline in `box` for the dates of all `facts` (their first date each); `onPick(from, to)`. */
  function Timeline(box, facts, onPick) {
    var dated = facts.map(function (f) { return f.dates[0]; }).filter(function (d) { return parse(d); }).sort();
    this.box = box;
    this.onPick = onPick;
    this.picked = null;  // [first bin, last bin]
    this.empty = !dated.length;
    box.hidden = this.empty;
    if (this.empty) return;
    this.unit = unitFor(dated[0], dated[dated.length - 1]);
    this.count = this.unit.index(dated[dated.length - 1]) + 1;
    var self = this;
    var head = el("div", "tl-head");
    this.caption = el("span", "tl-caption");
    this.clear = el("button", "tl-clear", "All dates");
    this.clear.type = "button";
    this.clear.addEventListener("click", function () { self.pick(null); });
    head.appendChild(this.caption);
    head.appendChild(this.clear);
    this.bars = el("div", "tl-bars");
    this.bars.setAttribute("role", "group");
    this.bars.setAttribute("aria-label", "Dated events per " + this.unit.name + ": click or drag to pick dates");
    box.textContent = "";
    box.appendChild(head);
    box.appendChild(this.bars);
    var anchor = null;
    this.bars.addEventListener("mousedown", function (ev) {
      var i = self.binAt(ev.target);
      if (i === null) return;
      ev.preventDefault();
      anchor = i;
      self.mark([i, i]);
    });
    this.bars.addEventListener("mouseover", function (ev) {
      var i = self.binAt(ev.target);
      if (anchor !== null && i !== null) self.mark([Math.min(anchor, i), Math.max(anchor, i)]);
    });
    document.addEventListener("mouseup", function (ev) {
      if (anchor === null) return;
      var i = self.binAt(ev.target), range = [anchor, anchor];
      if (i !== null) range = [Math.min(anchor, i), Math.max(anchor, i)];
      anchor = null;
      var same = self.picked && self.picked[0] === range[0] && self.picked[1] === range[1];
      self.pick(same ? null : range);
    });
    this.bars.addEventListener("keydown", function (ev) {
      var i = self.binAt(ev.target);
      if (i === null || (ev.key !== "Enter" && ev.key !== " ")) return;
      ev.preventDefault();
      var same = self.picked && self.picked[0] === i && self.picked[1] === i;
      self.pick(same ? null : [i, i]);
    });
  }

  Timeline.prototype.binAt = function (target) {
    var bin = target && target.closest ? target.closest(".tl-bin") : null;
    return bin && this.bars.contains(bin) ? +bin.getAttribute("data-bin") : null;
  };

  /* Redraw the bars for `facts` (those the other filters let through), coloured by `colourOf(fact)`. */
  Timeline.prototype.update = function (facts, colourOf) {
    if (this.empty) return;
    var unit = this.unit, count = this.count, bins = [], undated = 0, most = 1;
    for (var i = 0; i < count; i++) bins.push({total: 0, colours: {}});
    facts.forEach(function (f) {
      var d = f.dates[0], i = parse(d) ? unit.index(d) : -1;
      if (i < 0 || i >= count) { undated++; return; }
      var c = colourOf(f);
      bins[i].total++;
      bins[i].colours[c] = (bins[i].colours[c] || 0) + 1;
    });
    bins.forEach(function (b) { most = Math.max(most, b.total); });
    this.bars.textContent = "";
    var self = this;
    for (var k = 0; k < count; k++) {
      var run = k;
      while (run < count && !bins[run].total) run++;
      if (run - k > GAP) {  // a long empty stretch: one gap
        var gap = el("span", "tl-gap", "⋯");
        gap.title = "no dated events from " + unit.range(k)[0] + " to " + unit.range(run - 1)[1];
        this.bars.appendChild(gap);
        k = run - 1;
        continue;
      }
      var b = bins[k], button = el("button", "tl-bin");
      button.type = "button";
      button.setAttribute("data-bin", String(k));
      var range = unit.range(k);
      button.setAttribute("data-from", range[0]);
      button.setAttribute("data-to", range[1]);
      button.title = unit.label(k) + ": " + b.total + " event" + (b.total === 1 ? "" : "s");
      button.setAttribute("aria-label", button.title);
      var stack = el("span", "tl-stack");
      stack.style.height = (b.total ? 8 + 92 * b.total / most : 0) + "%";
      Object.keys(b.colours).sort().forEach(function (c) {
        var seg = el("span", "tl-seg");
        seg.style.background = c;
        seg.style.flexGrow = String(b.colours[c]);
        stack.appendChild(seg);
      });
      button.appendChild(stack);
      var first = k === 0 || unit.label(k).slice(0, 4) !== unit.label(k - 1).slice(0, 4);
      if (first || unit.name === "year") button.appendChild(el("span", "tl-tick", unit.name === "day" ? unit.label(k).slice(5) : unit.label(k).slice(0, 4)));
      this.bars.appendChild(button);
    }
    this.undated = undated;
    this.mark(this.picked);
  };

  /* Show `range` (bin numbers) as picked, without filtering. */
  Timeline.prototype.mark = function (range) {
    if (this.empty) return;
    this.bars.querySelectorAll(".tl-bin").forEach(function (button) {
      var i = +button.getAttribute("data-bin");
      button.classList.toggle("picked", !!range && i >= range[0] && i <= range[1]);
    });
    var text = range ? this.unit.range(range[0])[0] + " to " + this.unit.range(range[1])[1]
                     : "All dates: drag across the bars to pick a range";
    this.caption.textContent = text + (this.undated ? " · " + this.undated + " undated" : "");
    this.clear.hidden = !range;
  };

  /* Pick `range` (bin numbers, or null for all dates) and tell the page. */
  Timeline.prototype.pick = function (range) {
    this.picked = range;
    this.mark(range);
    if (range) this.onPick(this.unit.range(range[0])[0], this.unit.range(range[1])[1]);
    else this.onPick("", "");
  };

  /* Follow dates typed in the date boxes: pick the bins they cover exactly, or none. */
  Timeline.prototype.follow = function (from, to) {
    if (this.empty) return;
    var range = null;
    if (from && to) {
      var a = this.unit.index(from), b = this.unit.index(to);
      if (this.unit.range(a)[0] === from && this.unit.range(b)[1] === to) range = [a, b];
    }
    this.picked = range;
    this.mark(range);
  };

  return {Timeline: Timeline, unitFor: unitFor};
})();
