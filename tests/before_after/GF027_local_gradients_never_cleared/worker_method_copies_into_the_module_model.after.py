# The same hand-over written as a copy, the shared model a global of the module read by a
# method: the local gradients are never cleared, so each copy holds every backward so far.
import torch
import torch.nn.functional as F

center = torch.nn.Linear(4, 1)
center_opt = torch.optim.Adam(center.parameters(), lr=1e-2)


class Learner:
    def __init__(self):
        self.copy = torch.nn.Linear(4, 1)

    def share(self):
        for own, common in zip(self.copy.parameters(), center.parameters()):
            common.grad = own.grad.clone()

    def run(self, data):
        step = 0
        while step < len(data):
            obs, ret = data[step]
            self.copy.load_state_dict(center.state_dict())
            center_opt.zero_grad()
            self.copy.zero_grad()
            F.smooth_l1_loss(self.copy(obs), ret).backward()
            self.share()
            center_opt.step()
            step += 1


Learner().run([(torch.randn(5, 4), torch.randn(5, 1)) for _ in range(4)])
