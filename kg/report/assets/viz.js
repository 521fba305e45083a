/* kg viz: the page's behaviour. The data is the JSON in #kg-data, written by kg/viz.py:
 * classes, documents, sentences, entities, events (asserted), claims (unasserted mentions) and
 * relations between entities, which refer to each other by index. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var C = data.classes, D = data.documents, S = data.sentences, N = data.entities, E = data.events,
      M = data.claims, R = data.relations;
  var MAX = data.maxNodes || 1000;
  var LARGE = 300;    // above this many nodes edges are hidden while panning
  var LABELS = 40;    // most entity labels drawn at once (the most connected that fit)
  var LABEL_PX = 12;  // labels keep this size on screen at any zoom

  /* The filters as a journalist would first set them: events of every class but those the data
   * marks hidden (quotes), entities that take part in no fact left out, no unasserted mentions. */
  function defaults() {
    var off = {};
    C.forEach(function (cls, i) { if (cls.hidden) off[i] = true; });
    return {
      off: off,            // class index -> true when its events are hidden
      relations: true,     // roles between the entities drawn
      unconnected: false,  // entities that take part in no asserted fact
      claims: false,       // unasserted mentions
      doc: "",             // document index as a string, "" for all
      from: "", to: "",    // ISO dates
      undated: true,
      asEdges: false,
      pinned: null         // an entity found by name: always drawn, with its facts
    };
  }
  var state = defaults();
  var shown = {nodes: 0, edges: 0, total: 0, limited: false, clusters: 0};
  var cy = null, timeline = null;

  // ------------------------------------------------------------------ helpers
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "className") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      if (c !== null && c !== undefined) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function fmt(n) { return n.toLocaleString("en"); }
  function plural(n, word) { return fmt(n) + " " + word + (n === 1 ? "" : "s"); }
  function docName(d) { return D[d].title || D[d].id; }
  function isWeb(url) { return /^https?:\/\//i.test(url || ""); }

  // which events, claims and entities each entity takes part in (all of them, unfiltered)
  var factsOf = N.map(function () { return []; });
  var claimsOf = N.map(function () { return []; });
  var relationsOf = N.map(function () { return []; });
  E.forEach(function (ev, i) { ev.agents.concat(ev.targets).forEach(function (n) {
    if (factsOf[n].indexOf(i) < 0) factsOf[n].push(i); }); });
  M.forEach(function (cl, i) { cl.agents.concat(cl.targets).forEach(function (n) {
    if (claimsOf[n].indexOf(i) < 0) claimsOf[n].push(i); }); });
  R.forEach(function (r, i) { relationsOf[r.source].push(i); if (r.target !== r.source) relationsOf[r.target].push(i); });
  var factless = N.map(function (_, n) { return factsOf[n].length === 0; });

  // ------------------------------------------------------------------ filtering
  function docOK(docs) { return state.doc === "" || docs.indexOf(+state.doc) >= 0; }
  function dateOK(dates) {
    if (!dates.length) return state.undated;
    if (!state.from && !state.to) return true;
    return dates.some(function (d) { return (!state.from || d >= state.from) && (!state.to || d <= state.to); });
  }
  function isEdge(fact) { return state.asEdges && fact.agents.length > 0 && fact.targets.length > 0; }

  /* What to draw: entity, event and claim indices, relations, and whether the limit cut it. */
  function eventOK(ev) { return !state.off[ev.cls] && docOK(ev.docs) && dateOK(ev.dates); }
  function claimOK(cl) { return state.claims && docOK(cl.docs) && dateOK(cl.dates); }

  /* What to draw: entity, event and claim indices, relations, and whether the limit cut it. An
   * entity is drawn when a drawn fact names it (or, ticked, when it takes part in no fact at all);
   * roles are drawn between drawn entities. */
  function model() {
    var events = [], claims = [], relations = [];
    E.forEach(function (ev, i) { if (eventOK(ev)) events.push(i); });
    M.forEach(function (cl, i) { if (claimOK(cl)) claims.push(i); });
    var degree = N.map(function () { return 0; });
    var items = events.map(function (i) { return E[i]; }).concat(claims.map(function (i) { return M[i]; }));
    items.forEach(function (f) { f.agents.concat(f.targets).forEach(function (n) { degree[n]++; }); });
    var drawn = N.map(function (ent, n) {
      return degree[n] > 0 || n === state.pinned || (factless[n] && state.unconnected && docOK(ent.docs));
    });
    if (state.relations) R.forEach(function (r, i) {
      if (drawn[r.source] && drawn[r.target] && docOK(r.docs)) {
        relations.push(i); degree[r.source]++; degree[r.target]++;
      }
    });
    var entities = [];
    drawn.forEach(function (yes, n) { if (yes) entities.push(n); });
    var nodeFacts = items.filter(function (f) { return !isEdge(f); }).length;
    var total = entities.length + nodeFacts;
    if (total <= MAX) return {entities: entities, events: events, claims: claims, relations: relations,
                              total: total, limited: false, degree: degree};
    return limit(entities, events, claims, relations, degree, total);
  }

  /* Keep the most connected entities (and the one found by name) until MAX nodes are drawn;
   * a fact is kept when all its participants are. */
  function limit(entities, events, claims, relations, degree, total) {
    var facts = events.map(function (i) { return {f: E[i], i: i, claim: false}; })
      .concat(claims.map(function (i) { return {f: M[i], i: i, claim: true}; }));
    var byEntity = {};
    facts.forEach(function (x) {
      x.missing = 0;
      x.f.agents.concat(x.f.targets).forEach(function (n) {
        x.missing++;
        (byEntity[n] = byEntity[n] || []).push(x);
      });
    });
    var ranked = entities.slice().sort(function (a, b) {
      return degree[b] - degree[a] || (N[a].label < N[b].label ? -1 : N[a].label > N[b].label ? 1 : a - b);
    });
    if (state.pinned !== null) {
      var first = [state.pinned];
      (byEntity[state.pinned] || []).forEach(function (x) { first = first.concat(x.f.agents, x.f.targets); });
      ranked = first.concat(ranked);
    }
    var kept = {}, keptFacts = [], count = 0;
    for (var k = 0; k < ranked.length && count < MAX; k++) {
      var n = ranked[k];
      if (kept[n]) continue;
      kept[n] = true;
      count++;
      (byEntity[n] || []).forEach(function (x) {
        if (--x.missing === 0) { keptFacts.push(x); if (!isEdge(x.f)) count++; }
      });
    }
    return {
      entities: entities.filter(function (n) { return kept[n]; }),
      events: keptFacts.filter(function (x) { return !x.claim; }).map(function (x) { return x.i; }),
      claims: keptFacts.filter(function (x) { return x.claim; }).map(function (x) { return x.i; }),
      relations: relations.filter(function (i) { return kept[R[i].source] && kept[R[i].target]; }),
      total: total, limited: true, degree: degree
    };
  }

  // ------------------------------------------------------------------ drawing
  function verbOf(fact, claim) {
    var cls = C[claim ? fact.claimed : fact.cls];
    return cls.verb || cls.label.toLowerCase();
  }
  function hasVerb(cls) { return cls.verb && cls.verb !== cls.label.toLowerCase(); }

  function elements(m) {
    var els = [];
    m.entities.forEach(function (n) {
      var ent = N[n], cls = C[ent.cls];
      var size = Math.min(60, 18 + 5 * Math.sqrt(factsOf[n].length + relationsOf[n].length));
      els.push({group: "nodes", classes: "entity",
                data: {id: "n" + n, label: ent.label, color: cls.color, shape: cls.shape, size: size}});
    });
    function addFact(fact, i, claim) {
      var id = (claim ? "c" : "e") + i, cls = C[fact.cls], look = claim ? C[fact.claimed] : cls;
      var colour = claim ? C[fact.cls].color : cls.color, kind = claim ? "claim" : "event";
      var verb = verbOf(fact, claim);
      if (isEdge(fact)) {
        fact.agents.forEach(function (a) { fact.targets.forEach(function (t) {
          els.push({group: "edges", classes: kind + " fact",
                    data: {id: id + "x" + a + "_" + t, source: "n" + a, target: "n" + t, fact: id,
                           label: verb, color: colour}});
        }); });
        return;
      }
      var label = look.label + (claim ? " (" + (fact.modality || "claim") + ")" : "") +
                  (fact.dates.length ? "\n" + fact.dates[0] : "");
      els.push({group: "nodes", classes: kind,
                data: {id: id, label: label, color: colour, shape: "diamond", size: 16, fact: id}});
      fact.agents.forEach(function (a) {
        els.push({group: "edges", classes: kind + " fact",
                  data: {id: id + "a" + a, source: "n" + a, target: id, fact: id, color: colour,
                         label: claim || hasVerb(look) ? verb : ""}});
      });
      fact.targets.forEach(function (t) {
        els.push({group: "edges", classes: kind + " fact",
                  data: {id: id + "t" + t, source: id, target: "n" + t, fact: id, color: colour, label: ""}});
      });
    }
    m.events.forEach(function (i) { addFact(E[i], i, false); });
    m.claims.forEach(function (i) { addFact(M[i], i, true); });
    m.relations.forEach(function (i) {
      var r = R[i];
      els.push({group: "edges", classes: "relation",
                data: {id: "r" + i, source: "n" + r.source, target: "n" + r.target, label: r.label,
                       color: "#adb5bd", relation: i}});
    });
    return els;
  }

  var zoom = 1;  // the zoom the text sizes were last set for
  function scaled(px) { return function () { return px / zoom; }; }

  /* Labels are off but on the nodes kgLayout.label picks ("labelled"), the one under the mouse
   * ("hover") and the neighbourhood of the selection ("near"); their size is set per zoom (relabel). */
  var STYLE = [
    {selector: "node", style: {
      "label": "", "background-color": "data(color)", "shape": "data(shape)",
      "width": "data(size)", "height": "data(size)", "font-size": scaled(LABEL_PX), "color": "#212529",
      "text-valign": "bottom", "text-margin-y": scaled(3), "text-wrap": "wrap", "text-max-width": scaled(140),
      "text-outline-color": "#fff", "text-outline-width": scaled(2), "min-zoomed-font-size": 0,
      "border-width": 1, "border-color": "rgba(0,0,0,0.3)"}},
    {selector: "node.labelled, node.hover, node.near, node:selected", style: {"label": "data(label)"}},
    {selector: "node.labelled", style: {"font-weight": "600", "z-index": 2}},
    {selector: "node.hover, node.near, node:selected", style: {"z-index": 3}},
    {selector: "node.labelled.above", style: {"text-valign": "top", "text-margin-y": scaled(-3)}},
    {selector: "node.labelled.right", style: {"text-valign": "center", "text-halign": "right", "text-margin-y": 0,
                                              "text-margin-x": scaled(4)}},
    {selector: "node.labelled.left", style: {"text-valign": "center", "text-halign": "left", "text-margin-y": 0,
                                             "text-margin-x": scaled(-4)}},
    {selector: "node.event, node.claim", style: {"color": "#495057"}},
    {selector: "node.claim", style: {"background-color": "#fff", "border-style": "dashed", "border-width": 2,
                                     "border-color": "#868e96"}},
    {selector: "edge", style: {
      "curve-style": "bezier", "width": 1.6, "line-color": "data(color)", "target-arrow-color": "data(color)",
      "target-arrow-shape": "triangle", "arrow-scale": 0.9, "label": "", "font-size": scaled(LABEL_PX - 2),
      "color": "#343a40", "text-rotation": "autorotate", "text-background-color": "#fff",
      "text-background-opacity": 0.85, "text-background-padding": scaled(1), "min-zoomed-font-size": 0}},
    {selector: "edge.near, edge:selected", style: {"label": "data(label)"}},
    {selector: "edge.relation", style: {"line-style": "dotted", "width": 1.2, "color": "#868e96", "opacity": 0.6}},
    {selector: "edge.claim", style: {"line-style": "dashed", "opacity": 0.7}},
    {selector: ":selected", style: {"border-width": 3, "border-color": "#212529", "width": 3,
                                    "line-color": "#212529", "target-arrow-color": "#212529"}},
    {selector: "node:selected", style: {"width": "data(size)"}},
    {selector: ".faded", style: {"opacity": 0.12, "text-opacity": 0.05}}
  ];

  /* Text that stays LABEL_PX on screen whatever the zoom, and the labels that fit at this zoom:
   * the most connected entities in view, people first among equals. */
  function relabel() {
    if (zoom !== cy.zoom()) {
      zoom = cy.zoom();
      cy.style().update();
    }
    var view = cy.extent(), degree = lastModel ? lastModel.degree : [];
    var ranked = cy.nodes(".entity").filter(function (node) {
      var p = node.position();
      return p.x >= view.x1 && p.x <= view.x2 && p.y >= view.y1 && p.y <= view.y2;
    }).sort(function (a, b) {
      var i = +a.id().slice(1), j = +b.id().slice(1);
      return (degree[j] || 0) - (degree[i] || 0) || (isPerson(j) ? 1 : 0) - (isPerson(i) ? 1 : 0) ||
             (N[i].label < N[j].label ? -1 : N[i].label > N[j].label ? 1 : i - j);
    });
    kgLayout.label(cy, ranked, LABELS);
  }
  function isPerson(n) { return C[N[n].cls].name === "kg:Person"; }

  var lastModel = null, lastNodes = "";
  function redraw() {
    var m = model();
    lastModel = m;
    var els = elements(m);
    var nodes = els.filter(function (x) { return x.group === "nodes"; });
    var key = nodes.map(function (x) { return x.data.id; }).join(" ");
    var before = {};
    cy.nodes().forEach(function (node) { before[node.id()] = node.position(); });
    var same = key === lastNodes && nodes.length > 0;
    if (same) nodes.forEach(function (x) { x.position = {x: before[x.data.id].x, y: before[x.data.id].y}; });
    lastNodes = key;
    cy.batch(function () {
      cy.elements().remove();
      cy.add(els);
    });
    var clusters = same ? shown.clusters : kgLayout.run(cy);
    if (!same) {  // fit, label, and fit again with the labels in the box
      cy.fit(undefined, 30);
      relabel();
      cy.fit(undefined, 20);
    }
    relabel();
    shown = {nodes: cy.nodes().length, edges: cy.edges().length, total: m.total, limited: m.limited,
             clusters: clusters};
    var status = plural(shown.nodes, "node") + " · " + plural(shown.edges, "edge");
    if (m.limited) status += " (of " + fmt(m.total) + " nodes)";
    document.getElementById("status").textContent = status;
    var notice = [];
    if (m.limited) notice.push("Showing the " + fmt(shown.nodes) + " most connected of " + fmt(m.total) +
                               " nodes, to keep the page responsive. Narrow the view with the filters, or find a name.");
    if (shown.nodes === 0) notice.push("Nothing matches these filters.");
    var box = document.getElementById("notice");
    box.textContent = notice.join(" ");
    box.hidden = notice.length === 0;
    counts(m);
    if (timeline) timeline.update(E.filter(function (ev) { return !state.off[ev.cls] && docOK(ev.docs); })
                                    .concat(state.claims ? M.filter(function (cl) { return docOK(cl.docs); }) : []),
                                  function (f) { return C[f.cls].color; });
  }

  /* Beside each filter: how many it covers, and how many of them it hides now. */
  function counts(m) {
    function put(key, total, hidden) {
      var span = document.querySelector('[data-count="' + key + '"]');
      if (!span) return;
      span.textContent = " " + (hidden === total ? fmt(total) + " hidden" :
                                hidden ? fmt(total) + " · " + fmt(hidden) + " hidden" : fmt(total));
      span.classList.toggle("hiding", hidden > 0);
    }
    var perClass = {}, byDate = 0, byDoc = 0;
    E.forEach(function (ev) {
      var c = perClass[ev.cls] = perClass[ev.cls] || {total: 0, hidden: 0};
      c.total++;
      var doc = docOK(ev.docs), date = dateOK(ev.dates);
      if (state.off[ev.cls] && doc && date) c.hidden++;
      if (!state.off[ev.cls] && doc && !date) byDate++;
      if (!state.off[ev.cls] && !doc && date) byDoc++;
    });
    C.forEach(function (cls, i) { if (perClass[i]) put(cls.name, perClass[i].total, perClass[i].hidden); });
    var drawn = {};
    m.entities.forEach(function (n) { drawn[n] = true; });
    var lonely = 0, lonelyHidden = 0;
    N.forEach(function (ent, n) {
      if (!factless[n]) return;
      lonely++;
      if (!drawn[n] && !state.unconnected && docOK(ent.docs) && !(state.claims && claimsOf[n].length)) lonelyHidden++;
    });
    put("unconnected", lonely, lonelyHidden);
    var claimsHidden = state.claims ? 0 : M.filter(function (cl) { return docOK(cl.docs) && dateOK(cl.dates); }).length;
    put("claims", M.length, claimsHidden);
    put("relations", R.length, state.relations ? 0 : R.filter(function (r) {
      return drawn[r.source] && drawn[r.target] && docOK(r.docs); }).length);
    var dated = document.getElementById("date-count"), doc = document.getElementById("doc-count");
    dated.textContent = byDate ? fmt(byDate) + " event" + (byDate === 1 ? "" : "s") + " hidden by date" : "";
    doc.textContent = byDoc ? fmt(byDoc) + " event" + (byDoc === 1 ? "" : "s") + " in other documents hidden" : "";
  }

  // ------------------------------------------------------------------ the side panel
  var panel = document.getElementById("panel");

  function who(n) {
    var link = el("span", {className: "who", role: "link", tabindex: "0", text: N[n].label, title: N[n].iri});
    link.addEventListener("click", function () { focus(n); });
    link.addEventListener("keydown", function (ev) { if (ev.key === "Enter") focus(n); });
    return link;
  }
  function names(list) {
    var out = [];
    list.forEach(function (n, k) { if (k) out.push(k === list.length - 1 ? " and " : ", "); out.push(who(n)); });
    return out;
  }
  function article(d) {
    var doc = D[d];
    var name = isWeb(doc.url) ? el("a", {href: doc.url, target: "_blank", rel: "noopener noreferrer", text: docName(d)})
                              : el("span", {text: docName(d), title: doc.iri});
    var extra = [doc.outlet, doc.published].filter(Boolean).join(", ");
    return el("span", {}, [name, extra ? " (" + extra + ")" : null]);
  }
  function sentence(report) {
    if (report.sentence === null || report.sentence === undefined) return null;
    var text = S[report.sentence].text, trigger = report.trigger;
    var at = trigger ? text.toLowerCase().indexOf(trigger.toLowerCase()) : -1;
    var parts = at < 0 ? [text] : [text.slice(0, at), el("mark", {text: text.slice(at, at + trigger.length)}),
                                   text.slice(at + trigger.length)];
    return el("blockquote", {className: "sentence"}, parts);
  }

  /* One fact: who did what to whom, when, and each article's sentence for it. */
  function factBlock(fact, claim, id) {
    var cls = C[fact.cls], look = claim ? C[fact.claimed] : cls;
    var what = el("div", {className: "what"});
    var put = function (x) { what.appendChild(typeof x === "string" ? document.createTextNode(x) : x); };
    names(fact.agents).forEach(put);
    var unnamed = !fact.agents.length && fact.targets.length > 0, subject = fact.agents.length > 0 || unnamed;
    if (unnamed) what.appendChild(el("span", {className: "kind", text: "(unnamed)"}));
    var verb = verbOf(fact, claim);
    if (hasVerb(look) || claim) {
      what.appendChild(document.createTextNode((subject ? " " : "") + verb + (fact.targets.length ? " " : "")));
    } else {
      what.appendChild(document.createTextNode((subject ? ": " : "") + look.label.toLowerCase() +
                                               (fact.targets.length ? " — " : "")));
    }
    names(fact.targets).forEach(put);
    var meta = [claim ? "Not asserted (" + (fact.modality || "claim") + "): " + look.label : look.label];
    meta.push(fact.dates.length ? fact.dates.join(", ") : "no date");
    if (fact.charge.length) meta.push("charge: " + fact.charge.join(", "));
    var block = el("div", {className: "fact" + (claim ? " claim" : ""), "data-fact": id},
                   [what, el("div", {className: "meta", text: meta.join(" · ")})]);
    block.style.borderLeftColor = look.color;
    if (fact.place.length) block.appendChild(el("div", {className: "meta"}, ["where: "].concat(names(fact.place))));
    fact.quote.forEach(function (q) { block.appendChild(el("div", {className: "quote", text: "“" + q + "”"})); });
    fact.reports.forEach(function (rep) {
      var said = sentence(rep);
      if (said) block.appendChild(said);
      var how = [rep.date, rep.rule ? "rule " + rep.rule : "",
                 rep.confidence !== null && rep.confidence !== undefined ? "confidence " + rep.confidence : ""];
      block.appendChild(el("div", {className: "meta"}, ["in ", article(rep.doc),
        how.filter(Boolean).length ? " · " + how.filter(Boolean).join(" · ") : ""]));
    });
    return block;
  }

  /* Facts grouped by class (who-did-what-to-whom classes first), each group in date order, undated last. */
  function grouped(list, source, claim) {
    var groups = {};
    list.forEach(function (i) {
      var c = claim ? source[i].claimed : source[i].cls;
      (groups[c] = groups[c] || []).push(i);
    });
    var order = Object.keys(groups).map(Number).sort(function (a, b) {
      return (hasVerb(C[a]) ? 0 : 1) - (hasVerb(C[b]) ? 0 : 1) || a - b;
    });
    return order.map(function (c) {
      return {cls: c, items: groups[c].sort(function (a, b) {
        var x = source[a].dates[0] || "\uffff", y = source[b].dates[0] || "\uffff";
        return x < y ? -1 : x > y ? 1 : a - b;
      })};
    });
  }
  function addFacts(parts, list, claim) {
    grouped(list, claim ? M : E, claim).forEach(function (g) {
      parts.push(el("h4", {text: C[g.cls].label + " (" + g.items.length + ")"}));
      g.items.forEach(function (i) { parts.push(factBlock((claim ? M : E)[i], claim, (claim ? "c" : "e") + i)); });
    });
  }

  function showEntity(n) {
    var ent = N[n], cls = C[ent.cls];
    var parts = [el("h2", {text: ent.label}), el("div", {className: "kind", text: cls.label + (cls.name ? " · " + cls.name : "")})];
    if (ent.alt.length) parts.push(el("div", {className: "meta", text: "Also: " + ent.alt.join(", ")}));
    if (relationsOf[n].length) {
      parts.push(el("h3", {text: "Roles"}));
      relationsOf[n].forEach(function (i) {
        var r = R[i];
        parts.push(el("div", {}, [who(r.source), " " + r.label + " ", who(r.target)]));
      });
    }
    parts.push(el("h3", {text: "Facts (" + factsOf[n].length + ")"}));
    if (!factsOf[n].length) parts.push(el("p", {className: "hint", text: "No asserted fact names " + ent.label + "."}));
    addFacts(parts, factsOf[n], false);
    if (claimsOf[n].length) {
      parts.push(el("h3", {text: "Unasserted mentions (" + claimsOf[n].length + ")"}));
      addFacts(parts, claimsOf[n], true);
    }
    if (ent.docs.length) {
      parts.push(el("h3", {text: "Documents (" + ent.docs.length + ")"}));
      ent.docs.forEach(function (d) { parts.push(el("div", {}, [article(d)])); });
    }
    fill(parts);
  }
  function showFact(id) {
    var claim = id[0] === "c", fact = (claim ? M : E)[+id.slice(1)];
    var look = claim ? C[fact.claimed] : C[fact.cls];
    fill([el("h2", {text: look.label + (claim ? " (not asserted)" : "")}),
          el("div", {className: "kind", text: look.comment}), factBlock(fact, claim, id)]);
  }
  function showRelation(i) {
    var r = R[i];
    var parts = [el("h2", {}, [who(r.source), " " + r.label + " ", who(r.target)]),
                 el("div", {className: "kind", text: r.property})];
    parts.push(el("h3", {text: "Stated in"}));
    if (!r.docs.length) parts.push(el("p", {className: "hint", text: "(no article recorded)"}));
    r.docs.forEach(function (d) { parts.push(el("div", {}, [article(d)])); });
    fill(parts);
  }
  function fill(parts) {
    panel.textContent = "";
    parts.forEach(function (p) { if (p) panel.appendChild(p); });
    panel.scrollTop = 0;
  }
  function clearPanel() {
    fill([el("p", {className: "hint", text: "Click a node or an edge to see its facts, their dates and the " +
                                            "sentences they come from. Find a name with the box above."})]);
  }

  function highlight(ele) {
    cy.batch(function () {
      cy.elements().removeClass("faded near");
      if (!ele) return;
      var near = ele.isNode() ? ele.closedNeighborhood() : ele.union(ele.connectedNodes());
      near = near.union(near.nodes(".event, .claim").closedNeighborhood());
      cy.elements().not(near).addClass("faded");
      near.addClass("near");
    });
  }
  function select(ele) {
    cy.elements().unselect();
    ele.select();
    highlight(ele);
    var d = ele.data();
    if (d.fact) showFact(d.fact);
    else if (d.relation !== undefined) showRelation(d.relation);
    else showEntity(+d.id.slice(1));
  }

  /* Show entity n: draw it if the limit left it out, centre on it, open its facts. */
  function focus(n) {
    if (!cy.getElementById("n" + n).length || state.pinned !== n) {
      state.pinned = n;
      if (!cy.getElementById("n" + n).length) redraw();
    }
    var node = cy.getElementById("n" + n);
    if (node.length) {
      cy.zoom({level: Math.max(cy.zoom(), 1.1), renderedPosition: node.renderedPosition()});
      cy.center(node);
      select(node);
    } else {
      showEntity(n);
    }
  }

  // ------------------------------------------------------------------ search
  function find(text) {
    var q = text.trim().toLowerCase();
    if (!q) return null;
    var tests = [
      function (e) { return e.label.toLowerCase() === q; },
      function (e) { return e.alt.some(function (a) { return a.toLowerCase() === q; }); },
      function (e) { return e.label.toLowerCase().indexOf(q) === 0; },
      function (e) { return e.label.toLowerCase().indexOf(q) >= 0; },
      function (e) { return e.alt.some(function (a) { return a.toLowerCase().indexOf(q) >= 0; }); }
    ];
    for (var t = 0; t < tests.length; t++) {
      var best = null;
      N.forEach(function (e, n) {
        if (tests[t](e) && (best === null || factsOf[n].length > factsOf[best].length)) best = n;
      });
      if (best !== null) return best;
    }
    return null;
  }

  // ------------------------------------------------------------------ controls
  function setUp() {
    document.title = data.title;
    document.getElementById("source").textContent = data.source;
    var filters = document.getElementById("class-filters");
    /* A tick box for one filter; its count (updated by counts()) says how many it hides. */
    function checkbox(label, on, onChange, swatch, key) {
      var box = el("input", {type: "checkbox", "data-filter": key});
      box.checked = on(state);
      box.addEventListener("change", function () { onChange(box.checked); redraw(); });
      var sw = null;
      if (swatch) { sw = el("span", {className: "swatch " + swatch.shape}); sw.style.background = swatch.color; }
      filters.appendChild(el("label", {className: "check"}, [box, sw, label, el("span", {className: "count", "data-count": key})]));
      return function () { box.checked = on(state); };
    }
    var perClass = {}, resets = [];
    E.forEach(function (ev) { perClass[ev.cls] = (perClass[ev.cls] || 0) + 1; });
    C.forEach(function (cls, i) {
      if (cls.kind === "event" && perClass[i])
        resets.push(checkbox(cls.label, function (st) { return !st.off[i]; }, function (on) { state.off[i] = !on; },
                             cls, cls.name));
    });
    if (R.length) resets.push(checkbox("Roles (" + uniq(R.map(function (r) { return r.label; })).join(", ") + ")",
                                       function (st) { return st.relations; }, function (on) { state.relations = on; },
                                       {shape: "", color: "#dee2e6"}, "relations"));
    if (factless.some(Boolean)) resets.push(checkbox("Entities with no facts", function (st) { return st.unconnected; },
                                                     function (on) { state.unconnected = on; }, null, "unconnected"));
    if (M.length) resets.push(checkbox("Unasserted mentions", function (st) { return st.claims; },
                                       function (on) { state.claims = on; }, {shape: "diamond dashed", color: "#fff"}, "claims"));

    var legend = document.getElementById("entity-legend"), perEntity = {};
    N.forEach(function (e) { perEntity[e.cls] = (perEntity[e.cls] || 0) + 1; });
    C.forEach(function (cls, i) {
      if (cls.kind !== "entity" || !perEntity[i]) return;
      var sw = el("span", {className: "swatch " + cls.shape});
      sw.style.background = cls.color;
      legend.appendChild(el("div", {}, [sw, cls.label, el("span", {className: "count", text: " " + fmt(perEntity[i])})]));
    });

    var select_ = document.getElementById("doc-filter");
    D.map(function (d, i) { return i; }).sort(function (a, b) {
      var x = (D[a].published || "") + docName(a), y = (D[b].published || "") + docName(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }).forEach(function (i) {
      select_.appendChild(el("option", {value: String(i), text: (D[i].published ? D[i].published + " " : "") + docName(i)}));
    });
    select_.addEventListener("change", function () { state.doc = select_.value; redraw(); });

    var dates = [];
    E.concat(M).forEach(function (f) { dates = dates.concat(f.dates); });
    dates.sort();
    var from = document.getElementById("date-from"), to = document.getElementById("date-to");
    [from, to].forEach(function (input) {
      if (dates.length) { input.min = dates[0]; input.max = dates[dates.length - 1]; }
      input.addEventListener("change", function () {
        state[input === from ? "from" : "to"] = input.value;
        timeline.follow(state.from, state.to);
        redraw();
      });
    });
    timeline = new kgTimeline.Timeline(document.getElementById("timeline"), E.concat(M), function (a, b) {
      state.from = from.value = a;
      state.to = to.value = b;
      redraw();
    });
    document.getElementById("undated").addEventListener("change", function (ev) { state.undated = ev.target.checked; redraw(); });
    document.getElementById("as-edges").addEventListener("change", function (ev) { state.asEdges = ev.target.checked; redraw(); });
    document.getElementById("fit").addEventListener("click", function () { cy.fit(undefined, 20); });
    document.getElementById("reset").addEventListener("click", function () {
      var pinned = state.pinned;
      state = defaults();
      state.pinned = pinned;
      window.kg.state = state;
      resets.forEach(function (f) { f(); });
      select_.value = "";
      from.value = to.value = "";
      timeline.follow("", "");
      document.getElementById("undated").checked = true;
      document.getElementById("as-edges").checked = false;
      redraw();
    });

    var list = document.getElementById("names"), seen = {};
    N.forEach(function (e) {
      [e.label].concat(e.alt).forEach(function (name) {
        if (!seen[name]) { seen[name] = true; list.appendChild(el("option", {value: name})); }
      });
    });
    document.getElementById("search-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var text = document.getElementById("search").value, n = find(text);
      if (n === null) {
        var box = document.getElementById("notice");
        box.textContent = "No one called “" + text.trim() + "” in this graph.";
        box.hidden = false;
        return;
      }
      focus(n);
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") { cy.elements().unselect(); highlight(null); clearPanel(); }
    });
  }
  function uniq(list) { return list.filter(function (x, i) { return list.indexOf(x) === i; }); }

  // ------------------------------------------------------------------ start
  setUp();
  cy = cytoscape({
    container: document.getElementById("cy"), style: STYLE, elements: [],
    minZoom: 0.05, maxZoom: 4, textureOnViewport: N.length + E.length > LARGE,
    hideEdgesOnViewport: N.length + E.length > LARGE, selectionType: "single", boxSelectionEnabled: false
  });
  cy.on("tap", "node, edge", function (ev) { select(ev.target); });
  cy.on("mouseover", "node", function (ev) { ev.target.addClass("hover"); });
  cy.on("mouseout", "node", function (ev) { ev.target.removeClass("hover"); });
  var settle = null;  // labels are placed again once panning or zooming stops
  cy.on("viewport", function () { clearTimeout(settle); settle = setTimeout(relabel, 120); });
  cy.on("tap", function (ev) { if (ev.target === cy) { cy.elements().unselect(); highlight(null); clearPanel(); } });
  redraw();
  // page.html#Some%20Name opens on that entity
  function fromHash() {
    var name = decodeURIComponent(location.hash.slice(1)), n = name ? find(name) : null;
    if (n !== null) focus(n);
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();

  /* For tests and the curious: the graph, the data and a way in. */
  window.kg = {
    cy: cy, data: data, state: state, focus: focus, find: find, redraw: redraw, relabel: relabel, timeline: timeline,
    shown: function () {
      return {nodes: shown.nodes, edges: shown.edges, total: shown.total, limited: shown.limited, clusters: shown.clusters};
    },
    labelled: function () { return cy.nodes(".labelled").map(function (node) { return node.id(); }); },
    readyMs: 0
  };
  window.kg.readyMs = performance.now();
  document.body.setAttribute("data-ready", "true");
})();
