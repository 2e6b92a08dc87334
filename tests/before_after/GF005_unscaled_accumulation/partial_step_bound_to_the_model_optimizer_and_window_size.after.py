from functools import partial

import torch


def accumulate(model, opt, batch, index, every=2):
    inputs, targets = batch
    (torch.nn.functional.mse_loss(model(inputs), targets) / every).backward()
    if (index + 1) % every == 0:
        opt.step()
        opt.zero_grad()


model = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
data_loader = [(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(8)]
update = partial(accumulate, model, opt, every=4)
for epoch in range(3):
    for index, batch in enumerate(data_loader):
        update(batch, index)
    opt.step()
    opt.zero_grad()
