// The OWL 2 DL profile check of an ontology file, by the OWL API (Debian's libowlapi-java): an
// independent checker of the README's claim about ontology/kg.ttl. tests/semantics/test_owl_profile.py
// compiles this file into a temporary folder and runs it; it reads one local file and no network.
//
// Usage: java -cp OWLAPI_JARS:. OwlProfileCheck FILE.ttl
// Prints tab-separated lines, one fact each:
//   triples   N                 RDF triples the parser read
//   axioms    N                 axioms the ontology has
//   unparsed  TRIPLE            a triple the parser could not turn into an axiom or annotation
//   violation CLASS  TEXT       an OWL 2 DL profile violation (CLASS: the OWL API's class for it)
//   in-profile true|false
// Exit 0 when the file was read (whatever the verdict), 2 when it could not be.

import java.io.File;

import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.TurtleDocumentFormat;
import org.semanticweb.owlapi.io.FileDocumentSource;
import org.semanticweb.owlapi.io.OWLOntologyLoaderMetaData;
import org.semanticweb.owlapi.model.MissingImportHandlingStrategy;
import org.semanticweb.owlapi.model.OWLDocumentFormat;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyLoaderConfiguration;
import org.semanticweb.owlapi.model.OWLOntologyManager;
import org.semanticweb.owlapi.profiles.OWL2DLProfile;
import org.semanticweb.owlapi.profiles.OWLProfileReport;
import org.semanticweb.owlapi.profiles.OWLProfileViolation;

public final class OwlProfileCheck {
    private OwlProfileCheck() {
    }

    private static String oneLine(Object o) {
        return String.valueOf(o).replaceAll("\\s+", " ").trim();
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: OwlProfileCheck FILE.ttl");
            System.exit(2);
        }
        OWLOntologyManager manager = OWLManager.createOWLOntologyManager();
        // kg.ttl imports nothing; should a file import something, it is not fetched
        OWLOntologyLoaderConfiguration config = new OWLOntologyLoaderConfiguration()
                .setMissingImportHandlingStrategy(MissingImportHandlingStrategy.SILENT)
                .setFollowRedirects(false);
        OWLOntology ontology;
        try {
            ontology = manager.loadOntologyFromOntologyDocument(
                    new FileDocumentSource(new File(args[0]), new TurtleDocumentFormat()), config);
        } catch (Exception e) {
            System.err.println("cannot read " + args[0] + ": " + oneLine(e.getMessage()));
            System.exit(2);
            return;
        }
        OWLDocumentFormat format = manager.getOntologyFormat(ontology);
        if (format != null && format.getOntologyLoaderMetaData().isPresent()) {
            OWLOntologyLoaderMetaData meta = format.getOntologyLoaderMetaData().get();
            System.out.println("triples\t" + meta.getTripleCount());
            meta.getUnparsedTriples().forEach(t -> System.out.println("unparsed\t" + oneLine(t)));
        }
        System.out.println("axioms\t" + ontology.getAxiomCount());
        OWLProfileReport report = new OWL2DLProfile().checkOntology(ontology);
        for (OWLProfileViolation v : report.getViolations()) {
            System.out.println("violation\t" + v.getClass().getSimpleName() + "\t" + oneLine(v));
        }
        System.out.println("in-profile\t" + report.isInProfile());
    }
}
