"""What a graph holds (``kg stats``) and an interactive page of it (``kg viz``)."""
