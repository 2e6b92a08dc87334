"""Constants and data shared by the loop and its step function."""
import torch

ACCUM = 3
EPOCHS = 2
BATCHES = [(torch.randn(5, 4), torch.randint(0, 2, (5,))) for _ in range(8)]
