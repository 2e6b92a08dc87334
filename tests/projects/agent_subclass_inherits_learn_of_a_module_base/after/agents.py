import torch
from torch import nn


class BaseAgent(nn.Module):
    """Holds the Q-network and its optimizer; subclasses choose how to act."""

    def __init__(self, observations, actions):
        super().__init__()
        self.q = nn.Sequential(nn.Linear(observations, 64), nn.ReLU(), nn.Linear(64, actions))
        self.optimizer = torch.optim.Adam(self.q.parameters(), lr=1e-3)

    def learn(self, states, actions, targets):
        self.optimizer.zero_grad(set_to_none=True)
        q = self.q(states).gather(1, actions[:, None]).squeeze(1)
        loss = nn.functional.smooth_l1_loss(q, targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()


class GreedyAgent(BaseAgent):
    def act(self, state):
        with torch.no_grad():
            return self.q(state).argmax(-1)
