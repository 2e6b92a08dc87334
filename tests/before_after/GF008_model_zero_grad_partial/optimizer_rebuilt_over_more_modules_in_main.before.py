import itertools

import torch


def main(net, proj, batches, epochs=3):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    opt = torch.optim.Adam(itertools.chain(net.parameters(), proj.parameters()), lr=1e-3)
    if True:
        for epoch in range(epochs):
            for batch in batches:
                net.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(proj(net(batch)), batch).backward()
                opt.step()
