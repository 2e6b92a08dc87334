import torch


class Restarts:
    def __init__(self, net):
        self.net = net

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.scaler = torch.amp.GradScaler("cuda")
            self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)
            for x, y in loader:
                self.step(x, y)

    def step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = self.net(x).sub(y).pow(2).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()


class Resumes:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def fit(self, loader, epochs, states):
        for epoch in range(epochs):
            self.scaler = torch.amp.GradScaler("cuda")
            for x, y in loader:
                self.step(x, y, states)

    def step(self, x, y, states):
        self.scaler.load_state_dict(states[-1])
        self.opt.zero_grad(set_to_none=True)
        loss = self.net(x).sub(y).pow(2).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()


class Base:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.scaler = torch.amp.GradScaler("cuda")
            for x, y in loader:
                self.step(x, y)

    def step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = self.net(x).sub(y).pow(2).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()


class Plain(Base):
    def step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        self.net(x).sub(y).pow(2).mean().backward()
        self.opt.step()


class Built:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def fit(self, loader, epochs):
        self.scaler = torch.amp.GradScaler("cuda")
        for epoch in range(epochs):
            for x, y in loader:
                self.step(x, y)

    def step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = self.net(x).sub(y).pow(2).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()


class Rebuilds:
    def __init__(self, net):
        self.net = net

    def fresh_optimizer(self):
        self.opt = torch.optim.Adam(self.net.parameters())

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.scaler = torch.amp.GradScaler("cuda")
            self.fresh_optimizer()
            for x, y in loader:
                self.step(x, y)

    def step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = self.net(x).sub(y).pow(2).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()
