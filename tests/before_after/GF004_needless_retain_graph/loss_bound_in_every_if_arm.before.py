import torch
import torch.nn.functional as F


def train(model, optimizer, loader, huber_after):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        pred = model(x)
        if step < huber_after:
            loss = F.mse_loss(pred, y)
        elif step % 2:
            loss = F.smooth_l1_loss(pred, y)  # odd steps
        else:
            loss = F.l1_loss(pred, y)
        loss.backward(retain_graph=True)
        optimizer.step()


class Trainer:
    def fit(self, batches):
        it = iter(batches)
        while True:
            batch = next(it, None)
            if batch is None:
                break
            x, y = batch
            self.opt.zero_grad()
            if x.numel() == 0:
                continue
            else:
                out = self.net(x)
            if self.weighted:
                total = (self.w * (out - y) ** 2).mean()
            else:
                with torch.autocast("cpu", enabled=False):
                    total = ((out - y) ** 2).mean()
            total.backward(retain_graph=True)
            self.opt.step()
