import torch


def nt_xent(z1, z2):
    z = torch.nn.functional.normalize(torch.cat([z1, z2]), dim=1)
    sim = (z @ z.t()).fill_diagonal_(-1e9) / 0.07
    n = z1.shape[0]
    return torch.nn.functional.cross_entropy(sim, torch.cat([torch.arange(n, 2 * n), torch.arange(n)]))


def pretrain(net, opt, views, micro_batches):
    count = 0
    it = iter(views)
    while True:
        pair = next(it, None)
        if pair is None:
            break
        nt_xent(net(pair[0]), net(pair[1])).backward()
        count += 1
        if count == micro_batches:
            opt.step()
            opt.zero_grad()
            count = 0
