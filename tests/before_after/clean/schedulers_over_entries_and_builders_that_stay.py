import torch


def make_scheduler(cfg, optimizer):
    return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg.epochs)


def make_own(cfg, model):
    optimizer = torch.optim.AdamW(model.parameters())
    return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg.epochs)


def dict_entry_replaced_first(gen, disc, loader, cfg):
    opts = {"g": torch.optim.Adam(gen.parameters()), "d": torch.optim.Adam(disc.parameters())}
    if cfg.finetune:
        opts["g"] = torch.optim.SGD(gen.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.StepLR(opts["g"], step_size=5)
    opts["d"] = torch.optim.SGD(disc.parameters(), lr=1e-3)  # the other entry: not scheduled
    for _ in range(cfg.epochs):
        for z in loader:
            opts["g"].zero_grad()
            disc(gen(z)).mean().backward()
            opts["g"].step()
        sched.step()


def builder_after_the_switch(model, loader, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    if cfg.sgd:
        optimizer = torch.optim.SGD(model.parameters(), lr=1e-2)
    sched = make_scheduler(cfg, optimizer)
    for _ in range(cfg.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        sched.step()


def builder_with_its_own_optimizer(model, loader, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = make_own(cfg, model)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-2)
    for _ in range(cfg.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        sched.step()
