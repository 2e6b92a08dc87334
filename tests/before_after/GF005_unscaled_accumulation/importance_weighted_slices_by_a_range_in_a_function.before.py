import torch
import torch.nn.functional as F


def train(model, loader, sampler, micro_bs=8, epochs=3):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            for j in range(0, x.size(0), micro_bs):
                xb = x[j : j + micro_bs]
                w = sampler.sample(len(xb))
                per_sample = F.mse_loss(model(xb), y[j : j + micro_bs], reduction="none").mean(dim=1)
                (per_sample * w).mean().backward()
            optimizer.step()
