from .steps import train_step
