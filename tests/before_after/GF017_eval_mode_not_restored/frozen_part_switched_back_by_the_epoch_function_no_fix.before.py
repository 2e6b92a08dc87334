# For the first epochs the encoder is frozen and put in eval mode; then the epoch's training
# function starts with `model.train()`, which puts the frozen encoder back in train mode: its
# batch-norm statistics keep moving while its weights stay frozen. Reported at the loop's
# call of the function, without a fix.
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU())
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        return self.head(self.encoder(x))


def train_one_epoch(model, batches, opt):
    model.train()
    for x, y in batches:
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()


def main(freeze_epochs=2, epochs=5):
    model = Net()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    batches = [(torch.randn(16, 8), torch.randint(0, 2, (16,))) for _ in range(4)]
    for epoch in range(epochs):
        if epoch < freeze_epochs:
            model.encoder.eval()
            for p in model.encoder.parameters():
                p.requires_grad = False
        else:
            model.encoder.train()
            for p in model.encoder.parameters():
                p.requires_grad = True
        train_one_epoch(model, batches, opt)
