from .steps import train_step

__all__ = ["train_step"]
