"""Stage 2, nlp: the spaCy model, a document parsed paragraph by paragraph, and dependency-parse helpers."""
