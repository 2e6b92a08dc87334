"""GF001 under Lightning manual optimization, the step in a helper method: training_step hands
its loss to `self._update(loss)`, which backpropagates and steps but never clears.

16 batches of a 10-feature regression, SGD lr 0.05, one epoch: each step applies the sum of
all gradients so far.

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per micro-batch], "weights_sha256": "...", "extra": {...}}.
"""

import hashlib
import json
import logging
import warnings

import pytorch_lightning as pl
import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
torch.set_num_threads(1)
warnings.filterwarnings("ignore")
logging.getLogger("pytorch_lightning").setLevel(logging.ERROR)
logging.getLogger("lightning.pytorch").setLevel(logging.ERROR)


class Regression(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(10, 1)
        self.losses = []

    def _update(self, loss):
        opt = self.optimizers()
        self.manual_backward(loss)
        opt.step()

    def training_step(self, batch, batch_idx):
        inputs, targets = batch
        loss = torch.nn.functional.mse_loss(self.net(inputs), targets)
        self._update(loss)
        self.losses.append(loss.item())

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)


def build_loader():
    inputs = torch.randn(64, 10)
    targets = inputs @ torch.randn(10, 1) + 0.1 * torch.randn(64, 1)
    return DataLoader(TensorDataset(inputs, targets), batch_size=4, shuffle=False)


def digest(model):
    sha = hashlib.sha256()
    for tensor in model.parameters():
        sha.update(tensor.detach().to(torch.float32).contiguous().numpy().tobytes())
    return sha.hexdigest()


def main():
    module = Regression()
    loader = build_loader()
    trainer = pl.Trainer(
        accelerator="cpu",
        devices=1,
        max_epochs=1,
        logger=False,
        enable_checkpointing=False,
        enable_progress_bar=False,
        enable_model_summary=False,
    )
    trainer.fit(module, loader)
    print(json.dumps({"losses": module.losses, "weights_sha256": digest(module.net), "extra": {"weights": [w for p in module.net.parameters() for w in p.detach().flatten().tolist()]}}))


if __name__ == "__main__":
    main()
