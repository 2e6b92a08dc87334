# An agent keeps its optimizer as `self.optim` and reads `self.optim.lr` back in `learn` (it may
# hand it on); the loop outside sets `agent.optim.lr = ...`: not judged.
import torch
import torch.nn.functional as F


class Agent:
    def __init__(self):
        self.net = torch.nn.Linear(3, 1)
        self.optim = torch.optim.RMSprop(self.net.parameters(), lr=1e-2)

    def learn(self, x, y):
        self.optim.zero_grad()
        F.mse_loss(self.net(x), y).backward()
        self.optim.step()
        return self.optim.lr


agent = Agent()
data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
step = 0
while step < 60:
    for x, y in data:
        agent.learn(x, y)
        step += 1
    agent.optim.lr = 1e-2 * 0.5 ** (step // 12)
