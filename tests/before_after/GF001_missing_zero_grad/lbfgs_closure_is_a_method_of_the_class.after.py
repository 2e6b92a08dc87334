import torch
import torch.nn as nn


class BurgersPINN:
    def __init__(self):
        torch.manual_seed(0)
        self.net = nn.Sequential(nn.Linear(2, 20), nn.Tanh(), nn.Linear(20, 1))
        self.optimizer = torch.optim.LBFGS(self.net.parameters(), lr=1.0, max_iter=5)
        self.x = torch.rand(64, 2, requires_grad=True)
        self.x_bc = torch.rand(16, 2)

    def loss_func(self):
        self.optimizer.zero_grad(set_to_none=True)
        u = self.net(self.x)
        du = torch.autograd.grad(u, self.x, torch.ones_like(u), create_graph=True)[0]
        loss_pde = (du[:, 1:2] + u * du[:, 0:1]).pow(2).mean()
        loss_bc = (self.net(self.x_bc) - 1.0).pow(2).mean()
        loss = loss_pde + loss_bc
        loss.backward()
        return loss

    def train(self, n_iter):
        self.net.train()
        for it in range(n_iter):
            loss = self.optimizer.step(self.loss_func)
        print(round(loss.item(), 6))


BurgersPINN().train(6)
