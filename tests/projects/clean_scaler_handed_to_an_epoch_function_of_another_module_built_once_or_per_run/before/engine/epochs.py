import torch


def run_epoch(net, batches, opt, amp_scaler, device="cuda"):
    for inputs, targets in batches:
        opt.zero_grad(set_to_none=True)
        with torch.autocast(device, dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(net(inputs), targets)
        amp_scaler.scale(loss).backward()
        amp_scaler.step(opt)
        amp_scaler.update()


def fine_tune(net, batches, amp_scaler):
    # a new run on every call: its own optimizer
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for inputs, targets in batches:
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(inputs), targets)
        amp_scaler.scale(loss).backward()
        amp_scaler.step(opt)
        amp_scaler.update()
