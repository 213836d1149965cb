"""Small helpers that every layer of Chain+ may use, each with one home: option parsing
(``options``), statistics (``stats``), standard error at the descriptor (``streams``), growing
pauses (``backoff``) and this copy's version (``version``; setup.py uses it too). Standard
library only.
"""
