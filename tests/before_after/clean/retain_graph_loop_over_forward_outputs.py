"""A loop over the outputs of one forward pass: each backward walks the shared trunk again."""
import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        outputs = model(x)  # one tensor per depth of supervision
        for depth, out in enumerate(outputs):
            loss = torch.nn.functional.cross_entropy(out, y) / (depth + 1)
            loss.backward(retain_graph=True)
        optimizer.step()
