"""gradfix: find and fix PyTorch training loops that mishandle gradients."""

__version__ = "0.1.0"
