"""Behaviour tests run real training scripts, so they need torch."""

import pytest

pytest.importorskip(
    "torch",
    reason="tests/behaviour runs PyTorch training scripts; install torch (CPU is enough) to run them",
)
