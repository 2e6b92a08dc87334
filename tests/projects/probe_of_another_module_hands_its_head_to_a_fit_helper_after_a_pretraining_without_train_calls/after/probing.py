import torch
import torch.nn as nn


class Readout(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, feats):
        return self.fc(feats)


def probe_embeddings(encoder, x, labels, lr, steps=30):
    encoder.eval()
    with torch.no_grad():
        feats = encoder(x)
    readout = Readout(feats.shape[1], int(labels.max()) + 1)
    opt = torch.optim.Adam(readout.parameters(), lr=lr)
    decay = torch.optim.lr_scheduler.StepLR(opt, step_size=10)
    return _fit_readout(readout, feats, labels, opt, decay, steps)


def _fit_readout(head, feats, labels, optimizer, scheduler, steps):
    # the parameters are named like the caller's: `head` is the readout, not the encoder
    for _ in range(steps):
        head.train()
        loss = nn.functional.cross_entropy(head(feats), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()
    head.eval()
    return (head(feats).argmax(1) == labels).float().mean().item()
