import torch

from training.schedules import cosine_schedule


def fit(net, batches, n_epochs):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    sched = cosine_schedule(opt, n_epochs, floor=1e-5)
    epoch = 0
    while epoch < n_epochs:
        for inputs, targets in batches:
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(net(inputs), targets)
            loss.backward()
            opt.step()
            sched.step()
        epoch += 1
