# A worker object syncs its gradients into the module's shared model in a method of its own;
# the hand-over is guarded and nothing clears the shared gradients.
import torch
import torch.nn.functional as F

global_net = torch.nn.Linear(4, 1)
global_opt = torch.optim.SGD(global_net.parameters(), lr=0.05)


class Actor:
    def __init__(self):
        self.net = torch.nn.Linear(4, 1)

    def push(self):
        for mine, theirs in zip(self.net.parameters(), global_net.parameters()):
            if theirs.grad is not None:
                return
            theirs._grad = mine.grad

    def work(self, rollouts):
        for obs, ret in rollouts:
            self.net.load_state_dict(global_net.state_dict())
            self.net.zero_grad()
            F.mse_loss(self.net(obs), ret).backward()
            self.push()
            global_opt.step()


Actor().work([(torch.randn(5, 4), torch.randn(5, 1)) for _ in range(4)])
