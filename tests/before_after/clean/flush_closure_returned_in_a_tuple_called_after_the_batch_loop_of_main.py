import torch

ACCUM = 3


def make_accumulating_step(net, opt):
    def micro_step(k, inputs, targets):
        loss = torch.nn.functional.mse_loss(net(inputs), targets)
        (loss / ACCUM).backward()
        if (k + 1) % ACCUM == 0:
            opt.step()
            opt.zero_grad()

    def finish(k):
        if (k + 1) % ACCUM != 0:
            opt.step()
            opt.zero_grad()

    return micro_step, finish


def main():
    net = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    micro_step, finish = make_accumulating_step(net, opt)
    batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(7)]
    for epoch in range(2):
        opt.zero_grad()
        for k, (inputs, targets) in enumerate(batches):
            micro_step(k, inputs, targets)
        finish(k)


main()
