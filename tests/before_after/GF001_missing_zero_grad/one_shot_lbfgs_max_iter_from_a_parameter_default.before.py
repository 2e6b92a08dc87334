# A calibration helper fits one temperature with a single LBFGS step whose number of
# evaluations comes from the helper's own parameter (`steps=40` by default; nothing in the
# file passes another value). The closure never clears, so every evaluation after the first
# adds its gradient onto the ones before. The clear goes first in the closure.
import torch
import torch.nn.functional as F


def calibrate(scores, targets, lr=0.05, steps=40):
    scale = torch.ones(1, requires_grad=True)
    solver = torch.optim.LBFGS([scale], lr=lr, max_iter=steps)

    def objective():
        nll = F.cross_entropy(scores / scale, targets)
        nll.backward()
        return nll

    solver.step(objective)
    return scale.detach()


if __name__ == "__main__":
    print(calibrate(torch.randn(32, 4), torch.randint(0, 4, (32,))))
