import torch
from torch import nn


class Agent(nn.Module):
    def __init__(self, actor, critic):
        super().__init__()
        self.nets = nn.ModuleDict({"actor": actor, "critic": critic})

    def forward(self, state):
        return self.nets["actor"](state), self.nets["critic"](state)


actor, critic = nn.Linear(4, 2), nn.Linear(4, 1)
agent = Agent(actor, critic)
opt = torch.optim.Adam([{"params": actor.parameters(), "lr": 1e-3}, {"params": critic.parameters(), "lr": 3e-3}])
for state in [torch.randn(8, 4)] * 3:
    agent.zero_grad(set_to_none=True)  # the agent holds both: every parameter the optimizer steps
    logits, value = agent(state)
    (logits.logsumexp(-1).mean() + value.pow(2).mean()).backward()
    opt.step()
