"""Stage 1, ingest: article files (``.txt``, ``.md``, ``.html``, ``.jsonl``) -> :class:`kg.ingest.documents.Document`.
"""
