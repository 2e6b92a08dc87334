# A probe trainer picks the encoder's mode in each arm of an `if` and runs the encoder inside
# the arm: fine-tuned in train mode, or frozen in eval mode under no_grad. On the frozen path
# the encoder never runs with gradients (only the probe trains), and every pass chooses the
# mode again before the encoder's forward. Correct: nothing to restore.
import torch
from torch import nn


class ProbeTrainer:
    def __init__(self, encoder, probe, tune_encoder):
        self.encoder = encoder
        self.probe = probe
        self.tune_encoder = tune_encoder
        params = list(probe.parameters()) + list(encoder.parameters())
        self.optim = torch.optim.Adam(params, lr=1e-3)

    def fit(self, batches, steps):
        step = 0
        while step < steps:
            for inputs, labels in batches:
                if self.tune_encoder:
                    self.encoder.train()
                    feats = self.encoder(inputs)
                else:
                    self.encoder.eval()
                    with torch.no_grad():
                        feats = self.encoder(inputs).detach()
                self.optim.zero_grad()
                logits = self.probe(feats)
                nn.functional.cross_entropy(logits, labels).backward()
                self.optim.step()
                step += 1


encoder = nn.Sequential(nn.Linear(10, 24), nn.BatchNorm1d(24), nn.ReLU())
trainer = ProbeTrainer(encoder, nn.Linear(24, 5), tune_encoder=False)
trainer.fit([(torch.randn(6, 10), torch.randint(0, 5, (6,)))], steps=4)
