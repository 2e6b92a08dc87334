import types

import torch
import torch.nn.functional as F


def make_trainer(net):
    """`go` builds a new GradScaler on every call; the loop under the main guard gets it
    back on a `types.SimpleNamespace` and calls it on every batch."""
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def go(x, y):
        scaler = torch.amp.GradScaler("cpu")
        opt.zero_grad()
        with torch.autocast("cpu"):
            loss = F.mse_loss(net(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        return loss.item()

    return types.SimpleNamespace(step=go, net=net)


if __name__ == "__main__":
    trainer = make_trainer(torch.nn.Linear(4, 1))
    batches = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(3)]
    k = 0
    while k < len(batches):
        x, y = batches[k]
        trainer.step(x, y)
        k += 1
