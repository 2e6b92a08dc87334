import torch


def train(model, loader, criterion):
    body_opt = torch.optim.SGD(model.body.parameters(), lr=0.1)
    head_opt = torch.optim.Adam(model.head.parameters(), lr=1e-3)
    for x, y in loader:
        body_opt.zero_grad()
        head_opt.zero_grad()
        criterion(model(x), y).backward()
        body_opt.step()
        head_opt.step()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
