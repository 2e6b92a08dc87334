"""The package's public names, defined in its modules."""

from nets.builders import build_scorer

__all__ = ["build_scorer"]
