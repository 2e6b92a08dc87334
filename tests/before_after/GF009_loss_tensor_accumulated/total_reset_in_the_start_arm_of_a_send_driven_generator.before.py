import torch


class Session:
    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.Adam(net.parameters(), lr=lr)

    def run(self):
        reply = None
        while True:
            message = yield reply
            if message[0] == "epoch":
                running = 0.0
                reply = None
            elif message[0] == "batch":
                _, x, y = message
                self.optimizer.zero_grad(set_to_none=True)
                loss = torch.nn.functional.mse_loss(self.net(x), y)
                loss.backward()
                self.optimizer.step()
                running += loss
                reply = None
            else:
                reply = float(running)


def log_every(model, loader, opt):
    window = 0.0
    for i, (x, y) in enumerate(loader):
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        if i % 50 == 49:
            print(float(window) / 50)
            window = 0.0
        else:
            window = window + loss
