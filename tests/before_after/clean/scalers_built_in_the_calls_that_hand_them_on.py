# Scalers built in the calls that hand them on, each stepping the optimizer itself.
import torch
import torch.nn.functional as F
from torch.cuda.amp import GradScaler


def fit(net, optimizer, batches, amp_scaler):
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            out = net(x)
        amp_scaler.scale(F.cross_entropy(out, y)).backward()
        amp_scaler.step(optimizer)
        amp_scaler.update()


def make_step(model, opt, scaler):
    def train_step(x, y):
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()

    return train_step


def main(net, batches):
    fit(net, torch.optim.AdamW(net.parameters()), batches, GradScaler())
    step = make_step(net, torch.optim.SGD(net.parameters(), lr=0.1), torch.amp.GradScaler("cuda"))
    for x, y in batches:
        step(x, y)
