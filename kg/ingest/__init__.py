"""Stage 1, ingest: article files (``.txt``, ``.md``, ``.html``, ``.jsonl``) -> :class:`kg.ingest.text.Document`.

``text`` (the record and the text reader) <- ``sources`` (.html, .jsonl) <- ``documents`` (the readers by
extension, :func:`kg.ingest.documents.read_corpus`).
"""
