import sys

from referee.cli import main

# Only when run: a worker process an import spawns reads this module again (as
# __mp_main__), and must not start another referee.
if __name__ == "__main__":
    sys.exit(main())
