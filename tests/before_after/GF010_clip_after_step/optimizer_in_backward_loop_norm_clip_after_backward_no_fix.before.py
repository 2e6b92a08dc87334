import torch
import torch.nn as nn

net = nn.Linear(16, 4)
steppers = {param: torch.optim.RMSprop([param], lr=1e-3) for param in net.parameters()}


def hook(param):
    steppers[param].step()
    param.grad = None


hooks = [param.register_post_accumulate_grad_hook(hook) for param in net.parameters()]

for it, (features, target) in enumerate(zip(torch.randn(20, 8, 16), torch.randn(20, 8, 4))):
    err = nn.functional.smooth_l1_loss(net(features), target)
    err.backward()
    nn.utils.clip_grad_norm_(net.parameters(), max_norm=0.5)
