"""``python -m kg``: the ``kg`` command (:func:`kg.cli.main`)."""

from kg.cli import main

if __name__ == "__main__":
    main()
