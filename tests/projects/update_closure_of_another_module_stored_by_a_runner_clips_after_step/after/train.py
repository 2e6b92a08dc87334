import torch

from runner import Runner
from updates import build_update

net = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
batches = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(4)]
print(Runner(build_update(net, opt, 0.5), batches, max_steps=10).run()[-1])
