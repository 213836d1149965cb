"""The command-line tools, ``python -m chainplus replay|engine|bench|aibench|match``.

``cli`` holds their options and sends each command to its module (``replay``, ``engine``,
``bench_commands``, ``match_command``), which prints what the work below it finds: ``match``
plays matches, ``bench`` and ``aibench`` time the rules and level 5. ``arguments`` checks the
option values.

Headless: they import ``chainplus.ai``, ``chainplus.core`` and ``chainplus.common``, never the
window.
"""
