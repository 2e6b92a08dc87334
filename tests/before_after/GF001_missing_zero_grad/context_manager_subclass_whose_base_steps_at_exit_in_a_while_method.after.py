import torch


class Scope:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        self.optimizer.step()
        return False


class UpdateWindow(Scope):
    pass


class Learner:
    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=lr)

    def train(self, stream, limit):
        done = 0
        while done < limit:
            self.optimizer.zero_grad(set_to_none=True)
            xb, yb = next(stream)
            with UpdateWindow(self.optimizer):
                loss = torch.nn.functional.cross_entropy(self.net(xb), yb)
                loss.backward()
            done += 1
