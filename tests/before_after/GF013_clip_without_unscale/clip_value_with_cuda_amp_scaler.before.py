import torch
from torch.cuda.amp import GradScaler, autocast
from torch.nn.utils import clip_grad_value_


def train(net, loader, opt):
    scaler = GradScaler()
    for inputs, labels in loader:
        opt.zero_grad()
        with autocast():
            loss = torch.nn.functional.cross_entropy(net(inputs), labels)
        scaler.scale(loss).backward()
        # keep single gradients in range
        clip_grad_value_(net.parameters(), 0.5)
        scaler.step(opt)
        scaler.update()
