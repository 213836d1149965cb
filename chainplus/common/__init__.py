"""Small helpers that every layer of Chain+ may use, each with one home: option parsing
(``options``), statistics (``stats``), standard error at the descriptor (``streams``), growing
pauses (``backoff``), this copy's version (``version``; setup.py uses it too) and the time every
layer reads and waits on (``clock``). Standard library only.
"""
