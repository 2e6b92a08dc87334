import torch
from torch.nn.utils import clip_grad_norm_


def train_one_epoch(model, optim, scheduler, loader, max_norm=1.0):
    model.train()
    for step, (src, tgt) in enumerate(loader):
        output = model(src)
        loss = torch.nn.functional.nll_loss(output, tgt)
        loss.backward()
        clip_grad_norm_(model.parameters(), max_norm)
        optim.step()
        scheduler.step()


def main(model, loader):
    optim = torch.optim.Adam(model.parameters(), lr=5e-4)
    scheduler = torch.optim.lr_scheduler.StepLR(optim, step_size=10, gamma=0.5)
    for epoch in range(10):
        train_one_epoch(model, optim, scheduler, loader)
