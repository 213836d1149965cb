"""The command-line tools, ``python -m chainplus replay|engine|bench|aibench|match``.

Headless: they import ``chainplus.ai``, ``chainplus.core`` and ``chainplus.common``, never the
window.
"""
