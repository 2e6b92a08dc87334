import torch
import torch.nn.functional as F


def sweep(make_net, loader, lrs):
    parts = {}
    for lr in lrs:
        # a new run per learning rate: its own model, optimizer and scaler
        parts["net"] = make_net()
        parts["opt"] = torch.optim.SGD(parts["net"].parameters(), lr=lr)
        parts["scaler"] = torch.amp.GradScaler("cuda")
        for x, y in loader:
            parts["opt"].zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(parts["net"](x), y)
            parts["scaler"].scale(loss).backward()
            parts["scaler"].step(parts["opt"])
            parts["scaler"].update()
