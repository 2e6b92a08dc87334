import itertools

import torch

from engine.loop import run_steps, run_training
from tasks.classification import Classification
from tasks.regression import Regression

if __name__ == "__main__":
    torch.manual_seed(0)
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
    run_training(Classification(), data, n_epochs=2)
    run_steps(Classification(), itertools.cycle(data), max_steps=6)
    if torch.rand(1).item() > 2:  # never: the regression task is handed in too
        run_training(Regression(), data, n_epochs=1)
