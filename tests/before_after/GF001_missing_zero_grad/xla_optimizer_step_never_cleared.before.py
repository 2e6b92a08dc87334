# torch_xla's `xm.optimizer_step(optimizer)` steps the optimizer (and reduces gradients across
# replicas); nothing clears them.
import torch.nn as nn
import torch_xla.core.xla_model as xm


def train_loop_fn(model, loader, optimizer, device):
    criterion = nn.CrossEntropyLoss()
    model.train()
    for step, (data, target) in enumerate(loader):
        output = model(data.to(device))
        loss = criterion(output, target.to(device))
        loss.backward()
        xm.optimizer_step(optimizer)
        if step % 20 == 0:
            xm.master_print(f"step {step} loss {loss.item():.4f}")
