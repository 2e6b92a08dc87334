import torch
import torch.nn.functional as F


def train_epoch(loader, model, arch_opt, weight_opt):
    model.train()
    for images, labels in loader:
        arch_opt.zero_grad()
        weight_opt.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        loss.backward()
        arch_opt.step()
        weight_opt.step()


def search(loader, model, epochs):
    arch_opt = torch.optim.Adam(model.arch_parameters(), lr=3e-4, betas=(0.5, 0.999))
    weight_opt = torch.optim.SGD(model.weights(), lr=0.025, momentum=0.9, weight_decay=3e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer=weight_opt, T_max=epochs, eta_min=1e-3)
    for epoch in range(epochs):
        train_epoch(loader, model, arch_opt, weight_opt)
        sched.step()
        torch.save(model.state_dict(), f"search_{epoch}.pt")


def batches_then_schedule(loader, model, epochs):
    enc_opt = torch.optim.SGD(model.encoder.parameters(), lr=0.1, momentum=0.9)
    head_opt = torch.optim.Adam(model.head.parameters(), lr=1e-3)
    warm = torch.optim.lr_scheduler.LambdaLR(optimizer=head_opt, lr_lambda=lambda s: min(1.0, (s + 1) / 100))
    e = 0
    while e < epochs:
        for x, y in loader:
            enc_opt.zero_grad()
            head_opt.zero_grad()
            F.mse_loss(model(x), y).backward()
            enc_opt.step()
            head_opt.step()
            warm.step()
        e += 1
