import torch
from accelerate import Accelerator


def fit(net, loader, epochs, accum):
    accelerator = Accelerator(gradient_accumulation_steps=accum)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    per_batch = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=3e-3, total_steps=epochs * len(loader))
    net, optimizer, loader, per_batch = accelerator.prepare(net, optimizer, loader, per_batch)
    for epoch in range(epochs):
        for features, labels in loader:
            with accelerator.accumulate(net):
                loss = torch.nn.functional.mse_loss(net(features), labels)
                accelerator.backward(loss)
                optimizer.step()
                per_batch.step()
                optimizer.zero_grad()


def fit_epochs(head, batches, rounds):
    accelerator = Accelerator()
    opt = torch.optim.SGD(head.parameters(), lr=0.1)
    decay = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=rounds)
    head, opt, decay = accelerator.prepare(head, opt, decay)
    for _ in range(rounds):
        for xb, yb in batches:
            opt.zero_grad()
            accelerator.backward(torch.nn.functional.l1_loss(head(xb), yb))
            opt.step()
        decay.step()
