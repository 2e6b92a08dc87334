# The accumulation count is read with a dict's `.get` and a default: the same window as
# `opts["n_acc"]`, and the loss is backpropagated whole on every micro-batch. (The counter
# starts at 0, so the first window also holds a single micro-batch: GF015.)
import torch
import torch.nn.functional as F


def train(model, loader, opts):
    optimizer = torch.optim.SGD(model.parameters(), lr=opts.get("lr", 0.1), momentum=0.9)
    step = 0
    for epoch in range(opts.get("epochs", 10)):
        for images, labels in loader:
            loss = F.cross_entropy(model(images), labels)
            (loss / opts.get("n_accumulations", 1)).backward()
            if step % opts.get("n_accumulations", 1) == 0:
                optimizer.step()
                optimizer.zero_grad()
            step += 1
