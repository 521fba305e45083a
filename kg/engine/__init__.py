"""The build engine: one per-document analysis, one corpus step, one mapping; the local engine (streaming,
``--jobs``, cache), the in-memory library build and the Dask engine only schedule that work.
"""
