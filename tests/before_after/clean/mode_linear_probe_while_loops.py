import torch


def probe_epoch(net, batches, opt):
    net.eval()  # a probe over frozen features
    it = iter(batches)
    while True:
        try:
            inputs, labels = next(it)
        except StopIteration:
            break
        opt.zero_grad()
        torch.nn.functional.nll_loss(net(inputs), labels).backward()
        opt.step()


def run(net, batches, n_epochs):
    opt = torch.optim.Adam(net.head.parameters())
    epoch = 0
    while epoch < n_epochs:
        probe_epoch(net, batches, opt)
        epoch += 1
