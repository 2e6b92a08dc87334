import torch
import torch.nn.functional as F


def train_step(net, x, y, lr):
    opt = torch.optim.AdamW(net.parameters(), lr=lr)
    opt.zero_grad()
    loss = F.binary_cross_entropy_with_logits(net(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def main(net, loader, epochs, lr=1e-3):
    for epoch in range(epochs):
        for x, y in loader:
            last = train_step(net, x, y, lr)
        print(epoch, last)
