# The parameter is rebound before the optimizer reads it (from a setting gradfix cannot
# read): the number of evaluations is unknown. Silent.
import os

import torch
import torch.nn.functional as F


def fit_scale(scores, targets, evaluations=20):
    evaluations = int(os.environ.get("EVALS", evaluations))
    scale = torch.ones(1, requires_grad=True)
    solver = torch.optim.LBFGS([scale], lr=0.1, max_iter=evaluations)

    def objective():
        nll = F.cross_entropy(scores / scale, targets)
        nll.backward()
        return nll

    solver.step(objective)
    return scale.detach()
