# The epoch loop is written `for _ in range(...)`, its body binds `_` again (`_, pred =
# out.max(1)`) and the file reads `_` elsewhere: `_` cannot be handed to the sampler (not the
# epoch everywhere in the body) and renaming the loop's variable is not known to be safe. Reported
# without a fix.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def fit(net, ds, n_epochs):
    loader = DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(n_epochs):
        for xb, yb in loader:
            opt.zero_grad()
            out = net(xb)
            torch.nn.functional.cross_entropy(out, yb).backward()
            opt.step()
            _, pred = out.max(1)
            print((pred == yb).float().mean().item(), _)
