"""``python -m adjudicator``: see :mod:`adjudicator.cli`."""

import sys

from adjudicator.cli import main

sys.exit(main(sys.argv[1:]))
