import torch
from torch import nn

actor = nn.Linear(4, 2)
critic = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
actor_optim = torch.optim.Adam(actor.parameters(), lr=1e-3)
critic_optim = torch.optim.Adam(critic.parameters(), lr=1e-3)

for step in range(3):
    states, returns = torch.randn(16, 4), torch.randn(16)
    values = critic(states).squeeze(-1)
    log_probs = actor(states).log_softmax(-1).max(-1).values
    loss = ((returns - values) ** 2).mean() - (log_probs * (returns - values)).mean()
    critic_optim.zero_grad()
    torch.autograd.backward(loss, retain_graph=True)
    critic_optim.step()
    actor_optim.zero_grad()
    loss.backward()
    actor_optim.step()
