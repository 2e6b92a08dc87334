# The legacy `torch.nn.utils.weight_norm` swaps `weight` for new `weight_g`/`weight_v`
# parameters: built before it, the optimizer never trains the layer's weight again.
import torch
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(10, 32)
        self.value = nn.Linear(32, 1)

    def forward(self, x):
        return self.value(torch.relu(self.hidden(x)))


critic = Critic()
optimizer = torch.optim.RMSprop(critic.parameters(), lr=5e-4)
critic.value = nn.utils.weight_norm(critic.value, name="weight")
for states, returns in rollouts:
    optimizer.zero_grad()
    (critic(states).squeeze(-1) - returns).pow(2).mean().backward()
    optimizer.step()
