import torch.nn as nn

__all__ = ["criterion"]

criterion = nn.NLLLoss()
