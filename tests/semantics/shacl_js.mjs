// A plain SHACL run by a second engine, rdf-validate-shacl (SHACL Core, JavaScript): the shapes file and
// each data file as they are, no ontology, no inference. tests/semantics/test_plain_shacl.py runs it.
// Usage: node shacl_js.mjs SHAPES DATA...   Prints a JSON list, one {conforms, results} per data file.
import rdf from "@zazuko/env-node";
import SHACLValidator from "rdf-validate-shacl";

// rdf-validate-shacl is SHACL Core only: the SHACL-SPARQL constraints (sh:sparql) are left out
const SPARQL = "http://www.w3.org/ns/shacl#sparql";
const [shapesFile, ...dataFiles] = process.argv.slice(2);
const all = await rdf.dataset().import(rdf.fromFile(shapesFile));
const shapes = rdf.dataset([...all].filter((q) => q.predicate.value !== SPARQL));
const term = (t) => (t && t.termType !== "BlankNode" ? t.value : null);
const out = [];
for (const file of dataFiles) {
  const data = await rdf.dataset().import(rdf.fromFile(file));
  const report = await new SHACLValidator(shapes, { factory: rdf }).validate(data);
  out.push({
    conforms: report.conforms,
    results: report.results.map((r) => ({
      focus: term(r.focusNode), path: r.path ? term(r.path) : null, severity: term(r.severity),
      message: r.message.map((m) => m.value).join(" "),
    })),
  });
}
console.log(JSON.stringify(out));
