"""Small helpers that every layer of Chain+ may use, each with one home: one-line option
errors and ``--version`` (``options``), percentiles and win-rate intervals (``stats``),
borrowing the process's standard error from C libraries (``streams``), pauses that grow
while something keeps failing (``backoff``) and this copy's version down to the commit
(``version``; setup.py uses it too). Standard library only.
"""
