import torch


def train(trunk, heads, loader, optimizer):
    for x, targets in loader:
        optimizer.zero_grad()
        shared = trunk(x)
        for head, target in zip(heads, targets):
            head_loss = torch.nn.functional.mse_loss(head(shared), target)
            head_loss.backward(retain_graph=True)
        optimizer.step()
