import torch
from timm.utils import NativeScaler


def run_epoch(net, batches, opt, amp, sched, epoch):
    updates = epoch * len(batches)
    it = iter(batches)
    while True:
        batch = next(it, None)
        if batch is None:
            break
        with torch.autocast("cuda", dtype=torch.float16):
            out = net(batch["x"])
            loss = torch.nn.functional.cross_entropy(out, batch["y"])
        amp(loss, opt, parameters=net.parameters())
        opt.zero_grad(set_to_none=True)
        updates += 1
        sched.step_update(num_updates=updates)


def main(net, batches, sched):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for epoch in range(5):
        run_epoch(net, batches, opt, NativeScaler(), sched, epoch)
