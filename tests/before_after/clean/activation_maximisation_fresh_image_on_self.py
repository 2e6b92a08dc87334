import numpy as np
import torch
from torch import nn


class ClassVisualisation:
    """Each step makes the image a new leaf and a new optimizer over it: its gradient starts
    empty, and `model.zero_grad()` drops the model's own (unused) gradients."""

    def __init__(self, model: nn.Module, target: int):
        self.model = model.eval()
        self.target = target
        self.image = np.random.uniform(0, 1, (1, 3, 32, 32)).astype("float32")

    def generate(self, steps=150, lr=6.0):
        for step in range(1, steps):
            self.processed = torch.tensor(self.image, requires_grad=True)
            optimizer = torch.optim.SGD([self.processed], lr=lr)
            output = self.model(self.processed)
            class_loss = -output[0, self.target]
            self.model.zero_grad()
            class_loss.backward()
            optimizer.step()
            self.image = self.processed.detach().numpy()
        return self.image
