import torch.nn.functional as F

ACC = 4


def train(members, batches):
    for k, (x, y) in enumerate(batches, start=1):
        for net, opt in members:
            (F.mse_loss(net(x), y) / ACC).backward()
            if k % ACC == 0 or k == len(batches):
                opt.step()
                opt.zero_grad()
