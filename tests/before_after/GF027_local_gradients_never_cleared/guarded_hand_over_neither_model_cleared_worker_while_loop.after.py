"""A worker class's `while` loop hands its gradients to the global model under `if g.grad is
None:` and clears neither model: the global model's gradients are the worker's first tensors,
summing every later backward."""
import torch
import torch.nn.functional as F


class Agent:
    def __init__(self, global_net, global_opt):
        self.global_net = global_net
        self.global_opt = global_opt
        self.net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))

    def learn(self, episodes):
        done = 0
        while done < episodes:
            self.net.load_state_dict(self.global_net.state_dict())
            logits = self.net(torch.randn(6, 4))
            loss = F.cross_entropy(logits, torch.randint(0, 2, (6,)))
            self.net.zero_grad()
            self.global_opt.zero_grad()
            loss.backward()
            for w, g in zip(self.net.parameters(), self.global_net.parameters()):
                if g.grad is None:
                    g._grad = w.grad
            self.global_opt.step()
            done += 1
