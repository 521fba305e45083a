"""kg's version: one place, read by the package (``kg.__version__``), the distribution's metadata
(pyproject.toml) and the graphs' provenance (``schema:softwareVersion``)."""

__version__ = "0.1.0"
