import torch
import torch.nn.functional as F


def log_step(step, value):
    if step % 10 == 0:
        print(step, value.item())


class Learner:
    def __init__(self, net):
        self.net = net
        self.optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    def update(self, inputs, targets):
        self.optim.zero_grad()
        err = F.mse_loss(self.net(inputs), targets)
        err.backward(retain_graph=True)
        self.optim.step()
        return err


learner = Learner(torch.nn.Linear(4, 1))
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(30)]
step = 0
while step < len(data):
    err = learner.update(*data[step])
    log_step(step, err)
    step += 1
