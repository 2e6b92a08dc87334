import torch
import torch.nn as nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(4, 16)
        self.actor = nn.Linear(16, 2)
        self.critic = nn.Linear(16, 1)


def run_worker(global_net, global_opt, episodes):
    net = Policy()
    while episodes:
        obs, ret = episodes.pop()
        net.load_state_dict(global_net.state_dict())
        h = torch.relu(net.trunk(obs))
        loss = (ret - net.critic(h)).pow(2).mean() - net.actor(h).log_softmax(-1).mean()
        global_opt.zero_grad()
        loss.backward()
        for mine, theirs in zip(net.parameters(), global_net.parameters()):
            theirs._grad = mine.grad
        global_opt.step()


if __name__ == "__main__":
    global_net = Policy()
    global_opt = torch.optim.RMSprop(
        [
            {"params": global_net.trunk.parameters(), "lr": 1e-4},
            {"params": list(global_net.actor.parameters()) + list(global_net.critic.parameters())},
        ],
        lr=7e-4,
    )
    run_worker(global_net, global_opt, [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)])
