"""Training helpers."""
from .engine import run_epoch

__all__ = ["run_epoch"]
