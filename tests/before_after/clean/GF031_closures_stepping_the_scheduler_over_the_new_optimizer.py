import torch


def build(model, warm):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    if warm:
        opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.95**s)

    def step(x, y):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        sched.step()
        return loss.item()

    return step


def build_rebuilt(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.95**s)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(x, y):
        nonlocal sched
        if sched.optimizer is not opt:
            sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.95**s)
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        sched.step()
        return loss.item()

    return step
