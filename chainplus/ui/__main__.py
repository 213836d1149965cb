"""``python -m chainplus.ui``: the game, exactly as ``python main.py`` and the ``chainplus``
command start it; the kiosk supervisor starts its game process this way."""

import sys

from chainplus.ui.window.launch import main

sys.exit(main())
