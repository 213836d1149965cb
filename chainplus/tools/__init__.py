"""The command-line tools, ``python -m chainplus replay|review|engine|bench|aibench|match``.

``cli`` holds their options and sends each command to its module (``replay``, ``review``,
``engine``, ``bench_commands``, ``match_command``), which prints what the work below it finds:
``review`` judges a recorded game move by move, ``match`` plays matches, ``bench`` and
``aibench`` time the rules and level 5. ``arguments`` checks the option values.

The research tools that measure the judgement are the lab's, not these (``lab.judging``).

Headless: they import ``chainplus.app`` (``review``: the story of a game), ``chainplus.ai``,
``chainplus.core`` and ``chainplus.common``, never the window.
"""
