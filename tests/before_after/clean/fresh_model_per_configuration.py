import torch


def smoke_test(widths, data):
    for width in widths:
        net = torch.nn.Sequential(torch.nn.Linear(4, width), torch.nn.ReLU(), torch.nn.Linear(width, 1))
        opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        out = net(data).mean()
        out.backward()
        opt.step()
        assert all(p.grad is not None for p in net.parameters())
