import itertools

import torch

from engine.loop import run_steps, run_training
from tasks.regression import Regression

if __name__ == "__main__":
    torch.manual_seed(0)
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
    task = Regression()
    run_training(task, data, n_epochs=2)
    run_steps(Regression(width=4), itertools.cycle(data), max_steps=6)
