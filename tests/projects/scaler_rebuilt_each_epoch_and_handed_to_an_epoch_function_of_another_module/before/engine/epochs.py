import torch


def run_epoch(net, batches, opt, amp_scaler, device="cuda"):
    for inputs, targets in batches:
        opt.zero_grad(set_to_none=True)
        with torch.autocast(device, dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(net(inputs), targets)
        amp_scaler.scale(loss).backward()
        amp_scaler.step(opt)
        amp_scaler.update()
