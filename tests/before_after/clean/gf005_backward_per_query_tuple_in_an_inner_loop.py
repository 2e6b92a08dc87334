import torch
from torch import nn

embed = nn.Linear(10, 4)
opt = torch.optim.SGD(embed.parameters(), lr=1e-3)
margin = nn.TripletMarginLoss(margin=0.5)
update_every = 2
batches = [[(torch.randn(1, 10), torch.randn(1, 10), torch.randn(1, 10)) for _ in range(3)] for _ in range(6)]

opt.zero_grad(set_to_none=True)
for i, tuples in enumerate(batches):
    for anchor, positive, negative in tuples:  # one backward per tuple: the batch's gradient is their sum
        margin(embed(anchor), embed(positive), embed(negative)).backward()
    if (i + 1) % update_every == 0:
        opt.step()
        opt.zero_grad(set_to_none=True)
if (i + 1) % update_every != 0:
    opt.step()
    opt.zero_grad(set_to_none=True)
