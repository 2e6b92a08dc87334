# Fabric backpropagates a loss scaled by a hand GradScaler: `fab.backward(amp_scaler.scale(loss))`
# leaves every gradient multiplied by the loss scale, so the clip sees gradients 65536 times too
# large (it fires on every step and shrinks the real update by about the scale). Unscale first.
import torch
from lightning.fabric import Fabric


class Runner:
    def __init__(self, model, optim):
        self.fab = Fabric(accelerator="cpu", devices=1)
        self.model, self.optim = self.fab.setup(model, optim)
        self.amp_scaler = torch.amp.GradScaler("cpu")

    def fit(self, batches, steps):
        done = 0
        while done < steps:
            inputs, targets = batches[done % len(batches)]
            self.optim.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(self.model(inputs), targets)
            self.fab.backward(self.amp_scaler.scale(loss))
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=2.0)
            self.amp_scaler.step(self.optim)
            self.amp_scaler.update()
            done += 1
