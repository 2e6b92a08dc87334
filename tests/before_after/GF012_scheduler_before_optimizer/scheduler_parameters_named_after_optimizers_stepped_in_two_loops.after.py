import torch
import torch.nn.functional as F


def train_phase(net, mixer, loader, balanced_loader, net_optimizer, net_lr_scheduler, mix_optimizer, mix_lr_scheduler, epochs):
    for epoch in range(epochs):
        net.train()
        for x, y in loader:
            net_optimizer.zero_grad()
            F.cross_entropy(mixer(net(x)), y).backward()
            net_optimizer.step()
        net_lr_scheduler.step()
        net.eval()
        for x, y in balanced_loader:
            mix_optimizer.zero_grad()
            F.cross_entropy(mixer(net(x)), y).backward()
            mix_optimizer.step()
        mix_lr_scheduler.step()
        print(epoch)
