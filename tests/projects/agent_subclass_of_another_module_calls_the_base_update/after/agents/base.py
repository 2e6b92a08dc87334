"""The base agent: an `nn.Module` that holds its optimizer and learns from a batch."""
import torch
import torch.nn as nn


class BaseAgent(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=1e-3)

    def update(self, batch):
        self.optimizer.zero_grad(set_to_none=True)
        loss = self.net(batch).pow(2).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()
