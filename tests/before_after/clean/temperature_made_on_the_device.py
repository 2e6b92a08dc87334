# The temperature is made on its device before the optimizer is built over it.
import torch


class SAC:
    def __init__(self, policy, device, target_entropy):
        self.policy = policy.to(device)
        self.log_alpha = torch.zeros(1, requires_grad=True, device=device)
        self.alpha_optim = torch.optim.Adam([self.log_alpha], lr=3e-4)
        self.policy = self.policy.to(device)
        self.target_entropy = target_entropy

    def update(self, states):
        log_pi = torch.log_softmax(self.policy(states), -1).max(-1)[0]
        alpha_loss = -(self.log_alpha * (log_pi + self.target_entropy).detach()).mean()
        self.alpha_optim.zero_grad()
        alpha_loss.backward()
        self.alpha_optim.step()
        return self.log_alpha.exp().item()
