import torch


def train(backbone, head_a, head_b, loader, optimizer):
    for x, ya, yb in loader:
        optimizer.zero_grad()
        feats = backbone(x)
        loss_a = torch.nn.functional.mse_loss(head_a(feats), ya)
        loss_b = torch.nn.functional.mse_loss(head_b(feats), yb)
        loss_a.backward(retain_graph=True, inputs=list(head_a.parameters()))
        loss_b.backward(inputs=list(head_b.parameters()) + list(backbone.parameters()))
        optimizer.step()
