import torch
from torch import nn
from lightning.pytorch import LightningModule


class LatentCritic(LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.maker = nn.Sequential(nn.Linear(3, 24), nn.SiLU(), nn.Linear(24, 5))
        self.scorer = nn.Sequential(nn.Linear(5, 24), nn.SiLU(), nn.Linear(24, 1))

    def configure_optimizers(self):
        first = torch.optim.RMSprop(self.maker.parameters(), lr=2e-4)
        second = torch.optim.RMSprop(self.scorer.parameters(), lr=2e-4)
        return [first, second]

    def training_step(self, batch, batch_idx):
        pair = self.optimizers()
        maker_opt, scorer_opt = pair[0], pair[1]
        real = batch[0]
        for _ in range(2):
            noise = torch.randn(real.shape[0], 3)
            maker_loss = -self.scorer(self.maker(noise)).mean()
            self.manual_backward(maker_loss)
            maker_opt.step()
            maker_opt.zero_grad()
            scorer_loss = self.scorer(self.maker(noise).detach()).mean() - self.scorer(real).mean()
            self.manual_backward(scorer_loss)
            scorer_opt.step()
            scorer_opt.zero_grad()
