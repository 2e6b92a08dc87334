import torch
from torch import nn


class Noam:
    def __init__(self, d_model, optimizer, warmup=4000):
        self.optimizer = optimizer
        self.d_model = d_model
        self.warmup = warmup


class Seq2SeqTrainer:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.adam = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.noam = Noam(512, optimizer=self.adam)
        self.scaler = torch.cuda.amp.GradScaler()

    def epoch(self, batches):
        for src, tgt in batches:
            with torch.autocast("cuda"):
                loss = nn.functional.cross_entropy(self.model(src), tgt)
            self.scaler.scale(loss).backward()
            nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.scaler.step(self.noam.optimizer)
            self.scaler.update()
            self.adam.zero_grad(set_to_none=True)
