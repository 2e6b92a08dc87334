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
