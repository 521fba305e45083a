"""Stores: the embedded Oxigraph store, remote SPARQL 1.1 stores (Graph Store Protocol) and ``kg serve``.
"""
