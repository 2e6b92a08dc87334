# Temperature scaling fitted by one LBFGS step: LBFGS evaluates the closure up to max_iter
# times within that step, and the closure never clears, so each backward adds onto the
# gradients of the evaluations before it. The clear goes first in the closure.
import torch
from torch import nn, optim


class TemperatureScaler(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.temperature = nn.Parameter(torch.ones(1) * 1.5)

    def forward(self, x):
        return self.model(x) / self.temperature

    def set_temperature(self, logits, labels):
        nll = nn.CrossEntropyLoss()
        optimizer = optim.LBFGS([self.temperature], lr=0.01, max_iter=50)

        def evaluate():
            """One evaluation of the calibration loss."""
            optimizer.zero_grad(set_to_none=True)
            loss = nll(logits / self.temperature, labels)
            loss.backward()
            return loss

        optimizer.step(evaluate)
        return self
