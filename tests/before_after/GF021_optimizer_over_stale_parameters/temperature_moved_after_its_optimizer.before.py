# SAC's temperature is a leaf tensor; moving it to the device after its optimizer was built
# makes a new tensor: the loss reads the moved one, the optimizer steps the old one, and the
# temperature never changes (ray-project/ray#11294).
import torch
from torch import nn


class SAC:
    def __init__(self, policy, device, target_entropy):
        self.policy = policy.to(device)
        self.log_alpha = torch.zeros(1, requires_grad=True)
        self.alpha_optim = torch.optim.Adam([self.log_alpha], lr=3e-4)
        self.log_alpha = self.log_alpha.to(device)
        self.target_entropy = target_entropy

    def update(self, states):
        log_pi = torch.log_softmax(self.policy(states), -1).max(-1)[0]
        alpha_loss = -(self.log_alpha * (log_pi + self.target_entropy).detach()).mean()
        self.alpha_optim.zero_grad()
        alpha_loss.backward()
        self.alpha_optim.step()
        return self.log_alpha.exp().item()
