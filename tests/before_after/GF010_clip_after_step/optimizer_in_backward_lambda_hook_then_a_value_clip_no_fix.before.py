import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
opt_for = {q: torch.optim.SGD([q], lr=0.05) for q in net.parameters()}
for q in net.parameters():
    q.register_post_accumulate_grad_hook(lambda g: opt_for[g].step())

for epoch in range(3):
    for x, y in [(torch.randn(8, 6), torch.randint(0, 2, (8,)))] * 5:
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        torch.nn.utils.clip_grad_value_(net.parameters(), 0.5)  # the lambda hooks stepped already
        net.zero_grad(set_to_none=True)
