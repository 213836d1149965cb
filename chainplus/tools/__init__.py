"""The command-line tools, ``python -m chainplus replay|review|engine|bench|aibench|match``.

``cli`` holds their options and sends each command to the module that prints its answer;
``arguments`` checks the option values; ``puzzles`` makes puzzles and proves them again. The
research tools that measure the judgement are the lab's (``lab.judging``). Headless: nothing
here imports the window.
"""
