"""The training core: everything public of its modules."""
from .steps import *  # noqa: F403
