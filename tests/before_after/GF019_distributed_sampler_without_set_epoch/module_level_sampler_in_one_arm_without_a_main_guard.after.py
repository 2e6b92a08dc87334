# The same at the top level of a module with no main guard: the sampler is bound only when a
# process group is up, the loader in both arms, and the batches are walked through an
# enumerated progress bar.
import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset
from tqdm import tqdm

EPOCHS = 8
pairs = TensorDataset(torch.randn(128, 16), torch.randn(128, 1))
if dist.is_available() and dist.is_initialized():
    rank_sampler = DistributedSampler(pairs, shuffle=True)
    feed = DataLoader(pairs, batch_size=16, sampler=rank_sampler, drop_last=True)
else:
    feed = DataLoader(pairs, batch_size=16, shuffle=True, drop_last=True)

mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
optim = torch.optim.AdamW(mlp.parameters(), lr=3e-4)
for ep in range(EPOCHS):
    if isinstance(feed.sampler, DistributedSampler):
        feed.sampler.set_epoch(ep)
    for step, (x, y) in enumerate(tqdm(feed)):
        optim.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(mlp(x), y)
        loss.backward()
        optim.step()
