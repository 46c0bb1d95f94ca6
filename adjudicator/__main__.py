"""``python -m adjudicator``: the same as the ``adjudicator`` script."""

from .cli import main

if __name__ == "__main__":
    main()
