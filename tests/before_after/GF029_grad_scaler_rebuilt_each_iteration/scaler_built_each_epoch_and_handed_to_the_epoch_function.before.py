import torch
from torch.cuda.amp import GradScaler, autocast


def run_epoch(net, batches, opt, grad_scaler, device="cuda"):
    net.train()
    for images, masks in batches:
        images, masks = images.to(device), masks.to(device)
        opt.zero_grad(set_to_none=True)
        with autocast():
            loss = torch.nn.functional.binary_cross_entropy_with_logits(net(images), masks)
        grad_scaler.scale(loss).backward()
        grad_scaler.step(opt)
        grad_scaler.update()
    return loss.item()


def fit(net, batches, epochs):
    opt = torch.optim.Adam(net.parameters(), lr=1e-4)
    history = []
    epoch = 0
    while epoch < epochs:
        amp_scaler = GradScaler()
        history.append(run_epoch(net, batches, opt, amp_scaler))
        epoch += 1
    return history
