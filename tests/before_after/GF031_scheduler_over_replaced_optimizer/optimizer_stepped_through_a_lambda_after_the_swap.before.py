import torch
import torch.nn.functional as F


def run(net, batches, rounds):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    decay = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    advance = lambda: optimizer.step()
    done = 0
    while done < rounds:
        for features, labels in batches:
            optimizer.zero_grad()
            F.mse_loss(net(features), labels).backward()
            advance()
        decay.step()
        done += 1
