import torch
from torch import nn

state = {'encoder': nn.Sequential(nn.Linear(5, 6), nn.ReLU(), nn.Linear(6, 3))}
state['opt'] = torch.optim.Adam(state['encoder'].parameters(), lr=1e-3)
batches = [torch.randn(8, 5) for _ in range(4)]
step = 0
while step < len(batches):
    codes = state['encoder'](batches[step])
    recon = codes.pow(2).mean()
    spread = codes.var(dim=0).mean()
    state['opt'].zero_grad(set_to_none=True)
    recon.backward(retain_graph=True)
    state['opt'].step()
    (-spread).backward()
    state['opt'].step()
    step += 1
