import torch


def build(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.95**s)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(x, y):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        sched.step()
        return loss.item()

    return step


if __name__ == "__main__":
    net = torch.nn.Linear(4, 1)
    train_step = build(net)
    for _ in range(10):
        train_step(torch.randn(8, 4), torch.randn(8, 1))
