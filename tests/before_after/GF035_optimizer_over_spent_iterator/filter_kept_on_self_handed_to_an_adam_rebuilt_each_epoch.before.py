import torch
import torch.nn.functional as F


class Solver:
    def __init__(self, model, lr):
        self.model = model
        self.lr = lr
        backbone = {id(p) for p in model.backbone.parameters()}
        self.head_params = filter(lambda p: id(p) not in backbone, model.parameters())
        groups = [{"params": self.head_params, "lr": lr * 10}, {"params": model.backbone.parameters(), "lr": lr}]
        self.solver = torch.optim.Adam(groups, weight_decay=5e-4)

    def train(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.solver.zero_grad()
                F.l1_loss(self.model(x), y).backward()
                self.solver.step()
            lr = self.lr / pow(10, epoch // 6)
            groups = [{"params": self.head_params, "lr": lr * 10}, {"params": self.model.backbone.parameters(), "lr": lr}]
            self.solver = torch.optim.Adam(groups, weight_decay=5e-4)
