"""Extract, context: what the event rules know about a document while they run
(:mod:`~kg.extract.context.state`: its paragraphs, mentions and quotes), the direct quotes
(:mod:`~kg.extract.context.quotes`) and the dates of events (:mod:`~kg.extract.context.dates` over
the time expressions of :mod:`~kg.extract.context.timex`).
"""
