"""Stage 4, resolve: mentions -> entities within a document; one entity per real thing and one node per
real event across documents.
"""
