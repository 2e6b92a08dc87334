import torch


def train(net, batches, n_rounds):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, n_rounds)
    r = 0
    while r < n_rounds:
        for x, y in batches:
            optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(net(x), y)
            loss.backward()
            optimizer.step()
            schedule.step()
        r += 1
