import torch
import torch.nn.functional as F


def train(model, loader, steps):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        logits = model(x)
        ce_loss = F.cross_entropy(logits, y)
        reg_loss = (logits ** 2).mean()
        # the classification loss first; keep the graph for the regulariser
        total_loss = ce_loss + 0.1 * reg_loss
        total_loss.backward()
        optimizer.step()
        print(step, ce_loss.item(), reg_loss.item())
