# The schedule is a class of trainer/rates.py picked from a dict there: its step() sets the
# coming update's rate, stepped first on purpose.
import torch

from trainer.rates import RATES

network = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(network.parameters(), lr=0.0)
schedule = RATES["noam"](optimizer, 8)
for inputs, targets in [(torch.randn(8, 4), torch.randn(8, 1))] * 3:
    optimizer.zero_grad()
    torch.nn.functional.mse_loss(network(inputs), targets).backward()
    schedule.step()
    optimizer.step()
