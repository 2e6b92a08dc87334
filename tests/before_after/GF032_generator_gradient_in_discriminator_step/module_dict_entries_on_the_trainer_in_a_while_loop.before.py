import torch
import torch.nn as nn


class PairTrainer:
    def __init__(self, width):
        self.parts = nn.ModuleDict({"maker": nn.Linear(width, width), "critic": nn.Linear(width, 1)})
        self.optims = {}
        self.optims['maker'] = torch.optim.SGD(self.parts['maker'].parameters(), lr=0.01)
        self.optims['critic'] = torch.optim.SGD(self.parts['critic'].parameters(), lr=0.01)

    def run(self, stream, total):
        done = 0
        while done < total:
            real, seed = next(stream)
            made = self.parts['maker'](seed)
            critic_loss = self.parts['critic'](made.detach()).mean() - self.parts['critic'](real).mean()
            critic_loss.backward()
            self.optims['critic'].step()
            self.optims['critic'].zero_grad()
            maker_loss = -self.parts['critic'](made).mean()
            maker_loss.backward()
            self.optims['maker'].step()
            self.optims['maker'].zero_grad()
            done += 1
