"""The query page ``kg serve`` shows at ``/``: a SPARQL editor that runs queries on ``/query``.

One static page, the same for every request: nothing from a request is ever written into it.
Its script puts answers on the page as text (``textContent``), never as markup, and its
Content-Security-Policy lets it run only its own inline script and style (by their SHA-256),
talk only to this server, and load nothing from elsewhere.
"""

from __future__ import annotations

import base64
import hashlib

from kg.query.syntax import PREFIXES

_EXAMPLE = """SELECT ?person ?name WHERE {
  ?person a kg:Person ;
          rdfs:label ?name .
}
ORDER BY ?name
LIMIT 20"""

_STYLE = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 70em; padding: 0 1em; color: #222; }
textarea { width: 100%; height: 14em; font: 14px/1.35 ui-monospace, monospace; box-sizing: border-box; }
table { border-collapse: collapse; margin-top: 1em; font-size: 14px; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f2f2f2; }
pre { background: #f7f7f7; padding: 0.6em; overflow: auto; }
#status { margin-left: 1em; color: #555; }
.error { color: #a00; }
code { font-size: 13px; }
"""

_SCRIPT = """
(function () {
  var form = document.getElementById("form"), out = document.getElementById("out"),
      status = document.getElementById("status");
  function show(node) { out.replaceChildren(node); }
  function text(tag, value, cls) { var e = document.createElement(tag); e.textContent = value; if (cls) e.className = cls; return e; }
  function cell(term) {
    if (!term) return "";
    if (term.type === "literal" && term["xml:lang"]) return term.value + " @" + term["xml:lang"];
    return term.value;
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var query = document.getElementById("query").value, started = Date.now();
    status.textContent = "running…";
    fetch("query?query=" + encodeURIComponent(query), {
      headers: { "Accept": "application/sparql-results+json, text/turtle;q=0.9" }
    }).then(function (resp) {
      return resp.text().then(function (body) {
        var took = ((Date.now() - started) / 1000).toFixed(2) + " s";
        if (!resp.ok) { status.textContent = "error " + resp.status; show(text("pre", body, "error")); return; }
        if ((resp.headers.get("Content-Type") || "").indexOf("json") < 0) {
          status.textContent = took; show(text("pre", body)); return;
        }
        var data = JSON.parse(body);
        if ("boolean" in data) { status.textContent = took; show(text("pre", String(data.boolean))); return; }
        var vars = data.head.vars, rows = data.results.bindings, table = document.createElement("table"),
            head = table.createTHead().insertRow();
        vars.forEach(function (v) { head.appendChild(text("th", "?" + v)); });
        var tbody = table.createTBody();
        rows.forEach(function (row) {
          var tr = tbody.insertRow();
          vars.forEach(function (v) { tr.insertCell().textContent = cell(row[v]); });
        });
        status.textContent = rows.length + " row" + (rows.length === 1 ? "" : "s") + ", " + took;
        show(table);
      });
    }).catch(function (err) { status.textContent = "error"; show(text("pre", String(err), "error")); });
  });
})();
"""


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _sha(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode("ascii") + "'"


_PREFIX_LIST = ", ".join(f"{p}:" for p in PREFIXES)

PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>kg serve: SPARQL</title>
<style>{_STYLE}</style>
</head>
<body>
<h1>SPARQL on the knowledge graph</h1>
<p>The default graph is the union of the article graphs. These prefixes are declared for you:
<code>{_escape(_PREFIX_LIST)}</code>. Endpoint: <code>/query</code> (SPARQL 1.1 Protocol).</p>
<form id="form">
<textarea id="query" spellcheck="false">{_escape(_EXAMPLE)}</textarea>
<p><button type="submit">Run</button><span id="status"></span></p>
</form>
<div id="out"></div>
<script>{_SCRIPT}</script>
</body>
</html>
""".encode()

#: what the page may do: its own script and style, requests to this server only
POLICY = (
    f"default-src 'none'; script-src {_sha(_SCRIPT)}; style-src {_sha(_STYLE)}; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
