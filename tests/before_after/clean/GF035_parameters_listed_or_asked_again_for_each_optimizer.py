import torch
import torch.nn.functional as F


class Solver:
    def __init__(self, model, lr):
        self.model = model
        self.lr = lr
        backbone = {id(p) for p in model.backbone.parameters()}
        self.head_params = list(filter(lambda p: id(p) not in backbone, model.parameters()))
        self.solver = torch.optim.Adam([{"params": self.head_params, "lr": lr * 10}], weight_decay=5e-4)

    def train(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.solver.zero_grad()
                F.l1_loss(self.model(x), y).backward()
                self.solver.step()
            if epoch == epochs // 2:
                self.solver = torch.optim.Adam([{"params": self.head_params, "lr": self.lr}], weight_decay=5e-4)


def two_phases(model, loader, lr):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
    optimizer = torch.optim.SGD(model.parameters(), lr=lr * 0.1)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def generator_listed(model, loader, lr):
    trainable = [p for p in model.parameters() if p.requires_grad]
    fast = torch.optim.SGD(trainable, lr=lr)
    slow = torch.optim.SGD(trainable, lr=lr * 0.01)
    for step, (x, y) in enumerate(loader):
        opt = fast if step % 2 else slow
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()
