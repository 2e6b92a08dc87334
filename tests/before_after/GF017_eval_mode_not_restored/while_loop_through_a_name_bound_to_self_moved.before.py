# The same written otherwise: the module's training method switches itself to train mode,
# binds a local name to the module moved to its device, counts steps in a `while` loop and
# hands that name to a module-level report function that puts it in eval mode.
import torch
from torch import nn

DEVICE = torch.device("cpu")


def report(m, data):
    m.eval()
    with torch.no_grad():
        total = sum(nn.functional.mse_loss(m(xb), yb).item() for xb, yb in data)
    print("eval mse", total / len(data))


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(10, 32), nn.Dropout(0.2), nn.GELU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.layers(x)

    def train_for(self, batches, held_out, opt, steps):
        self.train(True)
        learner = self.to(DEVICE)
        step = 0
        while step < steps:
            for xb, yb in batches:
                opt.zero_grad()
                nn.functional.mse_loss(learner(xb), yb).backward()
                opt.step()
                step += 1
                if step % 100 == 0:
                    report(learner, held_out)
