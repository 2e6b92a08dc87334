import torch
import torch.nn as nn
import torch.nn.functional as F


def train(loader, epochs=2):
    nets = {"dec": nn.Linear(8, 8), "disc": nn.Linear(8, 1)}
    opts = {"dec": torch.optim.Adam(nets["dec"].parameters()), "disc": torch.optim.Adam(nets["disc"].parameters())}
    for epoch in range(epochs):
        for real, code in loader:
            recon = nets["dec"](code)
            opts["dec"].zero_grad()
            dec_loss = F.l1_loss(recon, real) - nets["disc"](recon).mean()
            dec_loss.backward(retain_graph=True)
            opts["disc"].zero_grad()
            disc_loss = F.relu(1 - nets["disc"](real)).mean() + F.relu(1 + nets["disc"](recon)).mean()
            disc_loss.backward()
            opts["dec"].step()
            opts["disc"].step()
