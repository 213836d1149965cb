"""Chain+ — play Chain Reaction: ``python main.py`` (``--help`` lists the options)."""

import sys

if __name__ == "__main__":
    from chainplus.ui.window.launch import main

    sys.exit(main())
