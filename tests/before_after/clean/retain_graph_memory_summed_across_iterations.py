import torch
from torch import nn


class Reader:
    def __init__(self):
        self.cell = nn.GRUCell(3, 5)
        self.head = nn.Linear(5, 1)
        self.opt = torch.optim.SGD([*self.cell.parameters(), *self.head.parameters()], lr=0.01)

    def run(self, steps):
        state = torch.zeros(2, 5)
        memory = torch.zeros(2, 5)
        t = 0
        while t < steps:
            state = self.cell(torch.randn(2, 3), state.detach())
            memory = memory + state  # holds every earlier step's graph
            loss = self.head(memory).pow(2).mean()
            self.opt.zero_grad(set_to_none=True)
            loss.backward(retain_graph=True)
            self.opt.step()
            t += 1
