"""One scaled backward over a model split into parts, each part's optimizer stepped in a loop
that updates the scaler after every step."""

import torch


def fit(parts, loader, scaler_g):
    optimizers = [torch.optim.Adam(part.parameters(), lr=3e-4) for part in parts]
    for x, y in loader:
        for opt in optimizers:
            opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            out = x
            for part in parts:
                out = part(out)
            loss = torch.nn.functional.mse_loss(out, y)
        scaler_g.scale(loss).backward()
        for opt in optimizers:
            scaler_g.step(opt)
            scaler_g.update()
