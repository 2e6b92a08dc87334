# timm schedulers that follow their schedule: built once before the epochs; built each epoch
# but stepped to the epoch before any training (`step(epoch)` sets the rate a scheduler built
# once would); built per stage over a new optimizer; and a kind read from the settings (not
# read: the plateau scheduler keeps its own state).
import torch
import torch.nn.functional as F
from timm.scheduler import CosineLRScheduler, create_scheduler_v2


def run(net, loader, cfg, epochs=12):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    sched, _ = create_scheduler_v2(opt, "cosine", num_epochs=epochs, warmup_epochs=2)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            F.mse_loss(net(x), y).backward()
            opt.step()
        sched.step(epoch + 1)

    for epoch in range(epochs):
        per_epoch = CosineLRScheduler(opt, t_initial=epochs, warmup_t=2, warmup_lr_init=1e-6)
        per_epoch.step(epoch)
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            F.mse_loss(net(x), y).backward()
            opt.step()

    for stage in range(3):
        stage_opt = torch.optim.SGD(net.parameters(), lr=0.01 / (stage + 1), momentum=0.9)
        stage_sched, _ = create_scheduler_v2(stage_opt, "step", num_epochs=epochs, decay_epochs=4)
        for epoch in range(epochs):
            for x, y in loader:
                stage_opt.zero_grad(set_to_none=True)
                F.mse_loss(net(x), y).backward()
                stage_opt.step()
            stage_sched.step(epoch + 1)

    for epoch in range(epochs):
        configured, _ = create_scheduler_v2(opt, cfg.sched, num_epochs=epochs)
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            F.mse_loss(net(x), y).backward()
            opt.step()
        configured.step(epoch + 1, metric=0.0)
