import torch
import torch.nn as nn
import pytorch_lightning as pl
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
X, Y = torch.randn(48, 5), torch.randint(0, 3, (48,))
model = nn.Sequential(nn.Linear(5, 12), nn.Tanh(), nn.Linear(12, 3))
ACC = 4


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.crit = nn.CrossEntropyLoss()

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = self.crit(self.net(x), y)
        loss /= self.trainer.accumulate_grad_batches
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


trainer = pl.Trainer(max_epochs=2, accumulate_grad_batches=ACC, accelerator="cpu", logger=False,
                     enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False)
trainer.fit(Lit(model), DataLoader(TensorDataset(X, Y), batch_size=6))
print("FINAL", " ".join(repr(p.double().sum().item()) for p in model.parameters()))
