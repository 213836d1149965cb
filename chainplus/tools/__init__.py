"""The command-line tools, ``python -m chainplus replay|review|engine|bench|aibench|match``.

``cli`` holds their options and sends each command to the module that prints its answer;
``arguments`` checks the option values. The research tools that measure the judgement are the
lab's (``lab.judging``). Headless: nothing here imports the window.
"""
