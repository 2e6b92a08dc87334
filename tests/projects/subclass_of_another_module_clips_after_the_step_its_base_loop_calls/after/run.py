# The base Engine's `train` loop (lib/engine.py) clears before each call of `training_step`;
# the script's override clips the gradients after the step, which has used them already.
import torch

from lib.engine import Engine


class Regression(Engine):
    def training_step(self, inputs, targets):
        loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()


def run(model, loader):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    engine = Regression(model, optimizer, loader)
    engine.train(100)
