"""Stage 6, semantics: OWL 2 RL reasoning and SHACL validation of the graphs built."""
