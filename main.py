"""Chain+ — play Chain Reaction: ``python main.py`` (``--help`` lists the options);
``python main.py TOOL ...`` runs a command-line tool, as the installed ``chainplus`` does."""

import sys

if __name__ == "__main__":
    from chainplus.ui.command import main

    sys.exit(main())
