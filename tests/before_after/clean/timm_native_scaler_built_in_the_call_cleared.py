import torch
from timm.utils import NativeScaler


def run_epoch(net, batches, opt, amp):
    for x, y in batches:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(net(x), y)
        amp(loss, opt, parameters=net.parameters())


def main(net, batches):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for epoch in range(5):
        run_epoch(net, batches, opt, NativeScaler())
