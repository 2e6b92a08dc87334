import torch
import torch.nn.functional as F


def train(net, batches, steps):
    state = {'net': net, 'opt': torch.optim.Adam(net.parameters(), lr=1e-3), 'total': 0.0}
    it = iter(batches)
    step = 0
    while step < steps:
        x, y = next(it)
        state['opt'].zero_grad()
        out = state['net'](x)
        loss = F.mse_loss(out, y)
        loss.backward()
        state['opt'].step()
        state['total'] = loss + state['total']
        step += 1
    return float(state['total']) / steps
