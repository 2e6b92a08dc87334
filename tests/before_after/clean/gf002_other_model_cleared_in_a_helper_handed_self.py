import torch


def train_batch(owner, inputs, targets):
    with torch.no_grad():
        hint = owner.teacher(inputs)
    err = ((owner.net(inputs) - targets) ** 2).mean() + ((owner.net(inputs) - hint) ** 2).mean()
    err.backward()
    owner.teacher.zero_grad(set_to_none=True)
    owner.opt.step()
    owner.opt.zero_grad()
    return float(err)


class Runner:
    def __init__(self, net, teacher, data):
        self.net = net
        self.teacher = teacher
        self.data = data
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def run(self, steps):
        for k in range(steps):
            inputs, targets = self.data[k % len(self.data)]
            train_batch(self, inputs, targets)
