"""Small helpers that every layer of Chain+ may use, each with one home: one-line option
errors and ``--version`` (``options``), percentiles and win-rate intervals (``stats``) and
borrowing the process's standard error from C libraries (``streams``). Standard library only.
"""
