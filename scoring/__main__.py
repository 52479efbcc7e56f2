import sys

from scoring.cli import main

sys.exit(main(sys.argv[1:]))
