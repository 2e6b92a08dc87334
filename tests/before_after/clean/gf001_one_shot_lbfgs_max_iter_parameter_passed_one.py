# The helper's LBFGS takes its number of evaluations from a parameter, and the only call
# passes 1: one evaluation per step, nothing to add up. Silent.
import torch
import torch.nn.functional as F


def fit_scale(scores, targets, evaluations=20):
    scale = torch.ones(1, requires_grad=True)
    solver = torch.optim.LBFGS([scale], lr=0.1, max_iter=evaluations)

    def objective():
        nll = F.cross_entropy(scores / scale, targets)
        nll.backward()
        return nll

    solver.step(objective)
    return scale.detach()


print(fit_scale(torch.randn(16, 3), torch.randint(0, 3, (16,)), evaluations=1))
