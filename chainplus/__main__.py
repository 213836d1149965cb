"""``python -m chainplus``: the command-line tools (see chainplus.tools.cli)."""

import sys

from chainplus.tools.cli import main

sys.exit(main())
