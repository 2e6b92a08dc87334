import torch
from torch import nn


def denoise_train(net, sample, steps=100):
    optim = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=0.01)
    running = 0.0
    step = 0
    while step < steps:
        optim = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=0.01)
        clean = sample()
        noise = torch.randn_like(clean)
        loss = nn.functional.mse_loss(net(clean + noise), noise)
        optim.zero_grad()
        loss.backward()
        optim.step()
        running = 0.9 * running + 0.1 * loss.item()
        step += 1
    return running
