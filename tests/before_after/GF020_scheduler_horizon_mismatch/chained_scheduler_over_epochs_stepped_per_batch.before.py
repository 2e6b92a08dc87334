# A `ChainedScheduler` steps a warmup and a cosine together; the cosine's horizon counts epochs
# (`T_max=n_epochs`, the warmup one given by name) but the chain steps every batch.
import torch
from torch.optim import lr_scheduler


def fit(net, loader, n_epochs):
    optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
    warm = lr_scheduler.ConstantLR(optimizer, factor=0.3, total_iters=2)
    chain = lr_scheduler.ChainedScheduler([warm, lr_scheduler.CosineAnnealingLR(optimizer, T_max=n_epochs)])
    for epoch in range(n_epochs):
        for feats, target in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(net(feats), target).backward()
            optimizer.step()
            chain.step()
