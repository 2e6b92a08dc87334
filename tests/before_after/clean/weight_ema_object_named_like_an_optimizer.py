import copy
import torch
import torch.nn as nn
import torch.nn.functional as F


class WeightEMA(object):
    def __init__(self, model, ema_model, alpha=0.999):
        self.params = list(model.state_dict().values())
        self.ema_params = list(ema_model.state_dict().values())
        self.alpha = alpha

    def step(self):
        for param, ema_param in zip(self.params, self.ema_params):
            if ema_param.dtype == torch.float32:
                ema_param.mul_(self.alpha)
                ema_param.add_(param * (1.0 - self.alpha))


torch.manual_seed(0)
model = nn.Linear(8, 4)
ema_model = copy.deepcopy(model)
for p in ema_model.parameters():
    p.detach_()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
ema_optimizer = WeightEMA(model, ema_model, alpha=0.99)

for it in range(20):
    x = torch.randn(16, 8)
    y = torch.randint(0, 4, (16,))
    loss = F.cross_entropy(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    ema_optimizer.step()
print(loss.item())
