import torch


def train(net, loader, epochs, every=2):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        phase = "start"
        count = 0
        while True:
            if phase == "start":
                it = iter(loader)
                phase = "feed"
            elif phase == "feed":
                batch = next(it, None)
                if batch is None:
                    break
                x, y = batch
                opt.zero_grad()
                loss = torch.nn.functional.cross_entropy(net(x), y) / every
                loss.backward()
                count += 1
                if count % every == 0:
                    opt.step()
        if count % every:
            opt.step()
