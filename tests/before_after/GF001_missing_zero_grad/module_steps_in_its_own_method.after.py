import torch
import torch.nn as nn


class Denoiser(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Linear(width, width)
        self.optim = torch.optim.SGD(self.body.parameters(), lr=0.01, momentum=0.9)

    def update(self, noisy, clean):
        self.optim.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.body(noisy), clean)
        loss.backward()
        self.optim.step()
        return loss.item()


def fit(pairs, width=8, epochs=3):
    net = Denoiser(width)
    for epoch in range(epochs):
        for noisy, clean in pairs:
            net.update(noisy, clean)
