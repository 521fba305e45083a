/* kg viz: where the nodes go and which of them carry a label (used by viz.js as kgLayout).
 *
 * One cluster per story: the connected parts of the graph of facts (an event and its agents and
 * targets; roles between entities do not join two stories), each laid out on its own with
 * Cytoscape's force-directed `cose`, then packed side by side, largest first. Each cluster starts
 * from positions drawn from a generator seeded by its nodes' ids, so the same story is drawn the
 * same way on every load and after every filter that leaves it whole.
 *
 * Labels go to the most connected entities, in that order, as long as a label's box (the node and
 * its text, as Cytoscape measures it) overlaps no label already placed: what is labelled can be read. */
var kgLayout = (function () {
  "use strict";

  var BIG = 300;   // above this many nodes a cluster is laid out by spread(): cose is quadratic per step
  var SMALL = 5;   // a cluster of at most this many nodes is a star around its most connected node

  function hash(text) {
    var h = 2166136261;
    for (var i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619); }
    return h >>> 0;
  }
  function random(seed) {  // mulberry32: small, seeded, good enough for starting positions
    return function () {
      seed = (seed + 0x6d2b79f5) | 0;
      var t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /* The clusters of the drawn graph: arrays of nodes, largest first (ties by first id). */
  function clusters(cy) {
    var parts = cy.elements().not(".relation").components().map(function (c) {
      return c.nodes().sort(function (a, b) { return a.id() < b.id() ? -1 : a.id() > b.id() ? 1 : 0; });
    });
    return parts.sort(function (a, b) {
      return b.length - a.length || (a[0].id() < b[0].id() ? -1 : 1);
    });
  }

  /* Lay out one cluster around (0, 0) with cose, from seeded starting positions. */
  function arrange(cy, nodes) {
    var n = nodes.length;
    if (n === 1) { nodes[0].position({x: 0, y: 0}); return; }
    var ids = {};
    if (n <= SMALL) {  // force-directed is slow to start and adds nothing here
      var hub = nodes.reduce(function (best, node) { return node.degree() > best.degree() ? node : best; }, nodes[0]);
      var rest = nodes.filter(function (node) { return node !== hub; });
      hub.position({x: 0, y: 0});
      rest.forEach(function (node, i) {
        var a = Math.PI * (1 + 2 * i / rest.length);
        node.position({x: 60 * Math.cos(a), y: 60 * Math.sin(a) * (rest.length === 2 ? 1 : 0.8)});
      });
      return;
    }
    nodes.forEach(function (node) { ids[node.id()] = true; });
    var rnd = random(hash(nodes.map(function (node) { return node.id(); }).join(" ")));
    var side = 45 * Math.sqrt(n);
    nodes.forEach(function (node) { node.position({x: rnd() * side, y: rnd() * side}); });
    var edges = nodes.connectedEdges().filter(function (e) { return ids[e.source().id()] && ids[e.target().id()]; });
    if (n > BIG) { spread(nodes, edges, side); return; }
    nodes.union(edges).layout({
      name: "cose", animate: false, randomize: false, fit: false, nodeDimensionsIncludeLabels: false,
      idealEdgeLength: function (e) { return e.hasClass("relation") ? 90 : 45; },
      edgeElasticity: function (e) { return e.hasClass("relation") ? 200 : 60; },
      nodeRepulsion: function () { return 6000; }, nodeOverlap: 8, gravity: 1.2,
      numIter: 1000, initialTemp: 200, coolingFactor: 0.98, minTemp: 1
    }).run();
  }

  /* Force-directed placement for a big cluster (Fruchterman and Reingold's, with the grid variant:
   * nodes repel only those in the neighbouring cells), linear in the nodes per step. */
  function spread(nodes, edges, side) {
    var k = 40, cell = 2 * k, index = {}, pos = [];
    nodes.forEach(function (node, i) { index[node.id()] = i; var p = node.position(); pos.push([p.x, p.y, 0, 0]); });
    var links = edges.map(function (e) { return [index[e.source().id()], index[e.target().id()]]; });
    var heat = side / 8, centre = side / 2;
    for (var step = 0; step < 120; step++) {
      var grid = {};
      pos.forEach(function (p, i) {
        var key = Math.floor(p[0] / cell) + "," + Math.floor(p[1] / cell);
        (grid[key] = grid[key] || []).push(i);
        p[2] = (centre - p[0]) * 0.01; p[3] = (centre - p[1]) * 0.01;  // a little gravity keeps parts together
      });
      pos.forEach(function (p, i) {
        var gx = Math.floor(p[0] / cell), gy = Math.floor(p[1] / cell);
        for (var a = gx - 1; a <= gx + 1; a++) for (var b = gy - 1; b <= gy + 1; b++) {
          (grid[a + "," + b] || []).forEach(function (j) {
            if (j <= i) return;
            var q = pos[j], dx = p[0] - q[0], dy = p[1] - q[1], d = Math.sqrt(dx * dx + dy * dy) || 0.01;
            if (d > cell) return;
            var f = k * k / d / d;
            p[2] += dx * f; p[3] += dy * f; q[2] -= dx * f; q[3] -= dy * f;
          });
        }
      });
      links.forEach(function (l) {
        var p = pos[l[0]], q = pos[l[1]], dx = p[0] - q[0], dy = p[1] - q[1];
        var f = Math.sqrt(dx * dx + dy * dy) / k;
        p[2] -= dx * f; p[3] -= dy * f; q[2] += dx * f; q[3] += dy * f;
      });
      pos.forEach(function (p) {
        var d = Math.sqrt(p[2] * p[2] + p[3] * p[3]) || 1, m = Math.min(d, heat);
        p[0] += p[2] / d * m; p[1] += p[3] / d * m;
      });
      heat = Math.max(1, heat * 0.96);
    }
    nodes.forEach(function (node, i) { node.position({x: pos[i][0], y: pos[i][1]}); });
  }

  /* Put the laid-out clusters in rows, largest first, filling a box of the container's shape. */
  function pack(cy, parts) {
    var gap = 50, wide = 100, boxes = parts.map(function (nodes) { return nodes.boundingBox({includeLabels: false}); });
    var area = 0, widest = 0;
    boxes.forEach(function (b) { area += (b.w + wide) * (b.h + gap); widest = Math.max(widest, b.w + wide); });
    var aspect = Math.max(0.5, Math.min(3, cy.width() / Math.max(1, cy.height())));
    var width = Math.max(widest, Math.sqrt(area * aspect));
    var x = 0, y = 0, row = 0;
    parts.forEach(function (nodes, i) {
      var b = boxes[i];
      if (x > 0 && x + b.w > width) { x = 0; y += row + gap; row = 0; }
      var dx = x - b.x1, dy = y - b.y1;
      nodes.forEach(function (node) { var p = node.position(); node.position({x: p.x + dx, y: p.y + dy}); });
      x += b.w + wide;
      row = Math.max(row, b.h);
    });
  }

  /* Lay out the whole drawn graph: cluster by cluster, then packed, then fitted to the view. */
  function run(cy) {
    var parts = clusters(cy);
    cy.batch(function () {
      parts.forEach(function (nodes) { arrange(cy, nodes); });
      pack(cy, parts);
    });
    return parts.length;
  }

  function overlaps(a, b) { return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2; }

  /* `box` grown by `gap` on every side: labels are placed this far apart, so that two that nearly touch are
   * not both drawn, and a label measured a pixel narrower than it is drawn (the bold of "labelled" is
   * measured once its style applies) still clears its neighbour. */
  var GAP = 3;
  function grown(box, gap) { return {x1: box.x1 - gap, y1: box.y1 - gap, x2: box.x2 + gap, y2: box.y2 + gap}; }

  var SIDES = ["", "above", "right", "left"];  // where a label may go: below the node (no class), ...

  /* Label the first `most` of `ranked` (nodes, most important first) whose label fits, below the
   * node or else above, right or left of it (classes "above", "right", "left"), clear of the labels already placed and of the other nodes; the others
   * lose the class "labelled". Returns the labelled nodes. */
  function label(cy, ranked, most) {
    cy.nodes(".labelled").removeClass("labelled above right left");
    var placed = [], kept = [], bodies = {};
    cy.nodes().forEach(function (node) { bodies[node.id()] = node.boundingBox({includeLabels: false}); });
    var ids = Object.keys(bodies);
    function fits(node) {
      var box = grown(node.boundingBox({includeLabels: true, includeOverlays: false}), GAP), self = node.id();
      if (placed.some(function (other) { return overlaps(box, other); })) return false;
      var text = node.boundingBox({includeNodes: false, includeEdges: false, includeLabels: true, includeOverlays: false});
      if (ids.some(function (id) { return id !== self && overlaps(text, bodies[id]); })) return false;
      placed.push(box);
      return true;
    }
    for (var i = 0; i < ranked.length && kept.length < most; i++) {
      var node = ranked[i];
      node.addClass("labelled");
      for (var k = 0; k < SIDES.length; k++) {
        if (k) node.removeClass(SIDES[k - 1]).addClass(SIDES[k]);
        if (fits(node)) { kept.push(node); break; }
      }
      if (k === SIDES.length) node.removeClass("labelled " + SIDES[k - 1]);
    }
    return kept;
  }

  return {run: run, label: label, clusters: clusters, overlaps: overlaps};
})();
