import torch
import torch.nn.functional as F


def fit(net, loader, epochs):
    parts = {"net": net, "opt": torch.optim.AdamW(net.parameters(), lr=1e-3)}
    for epoch in range(epochs):
        for x, y in loader:
            parts["scaler"] = torch.amp.GradScaler("cuda")
            parts["opt"].zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(parts["net"](x), y)
            parts["scaler"].scale(loss).backward()
            parts["scaler"].step(parts["opt"])
            parts["scaler"].update()
    return parts["net"]
