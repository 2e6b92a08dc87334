# `go` was bound to the SGD's step; `opt` names an Adam by the time the loop runs:
# `scaler.step(opt)` would step the Adam instead, so the finding has no fix.
import torch


def fit(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    go = opt.step
    opt = torch.optim.Adam(model.parameters())
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        go()
        scaler.update()
