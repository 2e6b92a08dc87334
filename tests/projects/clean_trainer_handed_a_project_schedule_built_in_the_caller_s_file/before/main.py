import torch

from trainer.loop import Runner
from trainer.rates import RATES

network = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(network.parameters(), lr=0.0)
Runner(network, optimizer, RATES["noam"](optimizer, 8)).run_epoch([(torch.randn(8, 4), torch.randn(8, 1))] * 3)
