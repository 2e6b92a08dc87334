# The scaler is built in the call that hands it to `fit` (`GradScaler()` as an argument): the
# optimizer is still stepped directly on the scaled gradients.
import torch
import torch.nn.functional as F
from torch.cuda.amp import GradScaler


def fit(net, optimizer, batches, amp_scaler, limit):
    seen = 0
    while seen < limit:
        for x, y in batches:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                out = net(x)
            amp_scaler.scale(F.cross_entropy(out, y)).backward()
            amp_scaler.step(optimizer)
            amp_scaler.update()
            seen += 1


def main(net, batches):
    fit(net, torch.optim.AdamW(net.parameters()), batches, GradScaler(), 100)
